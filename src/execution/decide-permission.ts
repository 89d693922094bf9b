import { errorMessage } from '../errors/codev-error.ts';
import type { ToolUseContext } from './types.ts';
import { CANCEL_MESSAGE, REJECT_MESSAGE, rejectWithFeedback } from './messages.ts';
import { revalidateInput } from './revalidate-input.ts';
import type { Tool } from '../tool/types.ts';
import { answerAsk } from './answer-ask.ts';
import { collectRules, type CollectedRules } from '../permissions/collect-rules.ts';
import { pathRuleApplies } from '../permissions/match-rules.ts';
import { evaluatePermissionNow, type Verdict } from '../permissions/evaluate-permission.ts';
import { permissionSuggestions } from '../permissions/permission-suggestions.ts';
import { prepareCallNow, type PreparedCall } from '../permissions/prepare-call.ts';
import { protectedPlacesOf, protectionContextOf } from '../permissions/protected-paths.ts';
import { runSteps } from '../permissions/run-steps.ts';
import { savePermissions } from './save-permissions.ts';
import type { CanUseTool, PermissionDecision } from '../permissions/types.ts';
import { joinSentences } from '../errors/join-sentences.ts';

/** How many times a prompt may rewrite the input before the engine stops asking and denies. */
const MAX_REWRITES = 2;

/**
 * The permission decision of one call: rules, hooks and the mode first (see `evaluatePermission`), then an
 * ask is settled by the mode (`dontAsk` denies), the classifier (`auto`, not for immune asks), or the
 * prompt: the PermissionRequest hooks, then `canUseTool` if no hook answered. An input rewritten by the
 * prompt is validated and decided again from the start, so it meets the deny and ask rules like the
 * model's input did. "Always allow" choices are saved.
 */
export async function decidePermission(options: DecideOptions): Promise<PermissionDecision> {
  return runSteps(decisionSteps(options));
}

/** `decidePermission` without a promise when the rules, hooks or mode decide at once (most calls): the tool-call path. */
export function decidePermissionNow(options: DecideOptions): PermissionDecision | Promise<PermissionDecision> {
  return runSteps(decisionSteps(options));
}

/** The body of `decidePermission`: each `yield` is an `await` (see `runSteps`). */
function* decisionSteps(options: DecideOptions): Generator<unknown, PermissionDecision, unknown> {
  const { call, verdict } = yield* evaluationSteps(options);
  return (yield settle(options, call, verdict)) as PermissionDecision;
}

/** What `decidePermission` decides on: one call of `tool` with `input`, and who is asked when nothing decides it. */
export interface DecideOptions {
  tool: Tool;
  input: Record<string, unknown>;
  toolUseId: string;
  context: ToolUseContext;
  canUseTool: CanUseTool;
  hookDecision?: { behavior: 'allow' | 'deny' | 'ask'; hookName: string; reason?: string };
  /** Told each call as prepared for a verdict; the last one is the input the decision is about. */
  onPrepared?: (call: PreparedCall) => void;
}

/**
 * The engine's verdict on one input, before an ask is settled, with the call as prepared for it (the
 * commands parsed, the paths resolved): what `decidePermission` decides on, and what `codev rules explain`
 * shows.
 */
export async function evaluateCall(options: EvaluateCallOptions): Promise<{ call: PreparedCall; verdict: Verdict }> {
  return runSteps(evaluationSteps(options));
}

type EvaluateCallOptions = Pick<DecideOptions, 'tool' | 'context' | 'input' | 'hookDecision' | 'onPrepared'>;

/** The body of `evaluateCall`: each `yield` is an `await` (see `runSteps`). */
function* evaluationSteps(options: EvaluateCallOptions): Generator<unknown, { call: PreparedCall; verdict: Verdict }, unknown> {
  const { tool, context, input, hookDecision } = options;
  const permissionContext = context.permissionContext;
  const rules = collectRules(permissionContext);
  const call = (yield prepareCallNow({ tool, input, context, home: context.homeDirectory, root: context.projectRoot, possibleFiles: hasPathRestrictions(rules) })) as PreparedCall;
  options.onPrepared?.(call);
  // Only writes are checked against the protected places: most calls need no list.
  const writes = call.paths.some((entry) => entry.access === 'write');
  const verdict = (yield evaluatePermissionNow({
    call,
    rules,
    ruleSets: context.ruleSets,
    mode: permissionContext.mode,
    hookDecision,
    context,
    workingDirectories: workingDirectoriesOf(context.cwd, permissionContext),
    protectedPlaces: writes ? protectedPlacesOf(protectionContextOf(context)) : [],
  })) as Verdict;
  return { call, verdict };
}

const workingDirectories = new WeakMap<ToolUseContext['permissionContext'], { cwd: string; directories: readonly string[] }>();

/** `[cwd, ...additionalWorkingDirectories]`, built once per permission context (contexts are replaced, never mutated) and cwd. */
function workingDirectoriesOf(cwd: string, permissionContext: ToolUseContext['permissionContext']): readonly string[] {
  const cached = workingDirectories.get(permissionContext);
  if (cached && cached.cwd === cwd) return cached.directories;
  const directories = [cwd, ...permissionContext.additionalWorkingDirectories];
  workingDirectories.set(permissionContext, { cwd, directories });
  return directories;
}

const restricted = new WeakMap<CollectedRules, boolean>();

/** Whether any deny or ask rule is about files (Read or Edit with content). */
function hasPathRestrictions(rules: CollectedRules): boolean {
  let answer = restricted.get(rules);
  if (answer === undefined) restricted.set(rules, (answer = [...rules.deny, ...rules.ask].some(pathRuleApplies)));
  return answer;
}

/** The decision of a verdict: an allow or deny at once (no promise), an ask by the mode, the classifier or the prompt. */
function settle(options: DecideOptions & { rewrites?: number }, call: PreparedCall, verdict: Verdict): PermissionDecision | Promise<PermissionDecision> {
  const input = call.input;
  if (verdict.behavior === 'allow') {
    return { behavior: 'allow', source: verdict.source, rule: verdict.rule?.text, ruleSource: verdict.rule?.source, reason: verdict.reason, input: verdict.input ?? input };
  }
  if (verdict.behavior === 'deny') {
    return { behavior: 'deny', source: verdict.source, rule: verdict.rule?.text, ruleSource: verdict.rule?.source, reason: verdict.reason, message: verdict.message, input };
  }
  return settleAsk(options, call, verdict);
}

async function settleAsk(options: DecideOptions & { rewrites?: number }, call: PreparedCall, verdict: Extract<Verdict, { behavior: 'ask' }>): Promise<PermissionDecision> {
  const { tool, context } = options;
  const input = call.input;
  const askBase = { rule: verdict.rule?.text, ruleSource: verdict.rule?.source, reason: verdict.reason, input };
  const mode = context.permissionContext.mode;
  if (mode === 'dontAsk') {
    return { ...askBase, behavior: 'deny', source: 'config', message: `Permission to use ${tool.name} has been denied because codev is running in dontAsk mode (${verdict.message}). You may try to reach the goal with other tools that are allowed; otherwise tell the user what you need.` };
  }
  if (mode === 'auto' && !verdict.immune && context.classifier) {
    const summary = tool.toAutoClassifierInput(input);
    if (summary !== '') {
      try {
        const answer = await context.classifier.classify({ toolName: tool.name, input, summary, signal: context.signal });
        const reason = { type: 'classifier' as const, classifier: context.classifier.name, reason: answer.reason };
        if (answer.behavior === 'allow') return { ...askBase, behavior: 'allow', source: 'config', reason };
        return { ...askBase, behavior: 'deny', source: 'config', reason, message: `The auto-mode classifier denied this ${tool.name} call: ${answer.reason}` };
      } catch (error) {
        context.onWarning?.(`The classifier failed (${errorMessage(error)}); asking instead.`);
      }
    }
  }
  return askUser({ ...options, call, verdict, askBase });
}

async function askUser(options: DecideOptions & {
  rewrites?: number;
  call: PreparedCall;
  verdict: Extract<Verdict, { behavior: 'ask' }>;
  askBase: Pick<PermissionDecision, 'rule' | 'ruleSource' | 'reason' | 'input'>;
}): Promise<PermissionDecision> {
  const { tool, context, askBase, call, verdict } = options;
  const asked = await answerAsk({
    tool,
    input: call.input,
    toolUseId: options.toolUseId,
    context,
    canUseTool: options.canUseTool,
    message: verdict.message,
    decisionReason: verdict.reason,
    immune: verdict.immune,
    // No allow rule settles an ask for unknown rules: offering one would change nothing.
    suggestions: verdict.reason.type === 'unloadedSource' ? [] : permissionSuggestions(call, [context.cwd, ...context.permissionContext.additionalWorkingDirectories]),
  });
  if (asked.by === 'abort') return { ...askBase, behavior: 'deny', source: 'user_abort', message: CANCEL_MESSAGE, interrupt: true };
  if (asked.by === 'failure') return { ...askBase, behavior: 'deny', source: 'config', message: joinSentences(verdict.message, `The permission prompt failed: ${asked.error}`) };
  const { answer } = asked;
  const hook = asked.by === 'hook' ? { type: 'hook' as const, hookName: asked.hookName } : undefined;
  if (!answer || answer.behavior !== 'allow') {
    const feedback = answer?.behavior === 'deny' && answer.message?.trim() ? answer.message : undefined;
    const interrupt = answer?.behavior === 'deny' ? answer.interrupt : undefined;
    if (hook) return { ...askBase, behavior: 'deny', source: 'hook', reason: { ...hook, reason: feedback }, message: feedback ?? `Hook '${hook.hookName}' denied this ${tool.name} call.`, interrupt };
    if (answer?.behavior === 'deny' && answer.unattended) return { ...askBase, behavior: 'deny', source: 'config', message: feedback ?? verdict.message, interrupt };
    return { ...askBase, behavior: 'deny', source: 'user_reject', message: feedback ? rejectWithFeedback(feedback) : REJECT_MESSAGE, interrupt };
  }
  const permanent = (answer.updatedPermissions?.length ?? 0) > 0;
  if (permanent) await savePermissions(context, answer.updatedPermissions!);
  const allowed = (input: Record<string, unknown>): PermissionDecision => ({ ...askBase, input, behavior: 'allow', source: hook ? 'hook' : permanent ? 'user_permanent' : 'user_temporary', reason: hook ?? { type: 'user', permanent } });
  if (!answer.updatedInput) return allowed(call.input);
  const rewrites = (options.rewrites ?? 0) + 1;
  if (rewrites > MAX_REWRITES) return { ...askBase, behavior: 'deny', source: 'config', message: `The permission prompt rewrote the ${tool.name} input too many times; the call was not run.` };
  const checked = await revalidateInput({ tool, input: answer.updatedInput, context });
  if (!checked.ok) {
    const culprit = hook ? `PermissionRequest hook '${hook.hookName}'` : 'canUseTool callback';
    return { ...askBase, behavior: 'deny', source: 'config', message: `<tool_use_error>InputValidationError: ${checked.message}\nThis is a configuration issue in your ${culprit}: updatedInput must satisfy the tool's input schema. The tool input from the model was valid.</tool_use_error>` };
  }
  // What will really run is the rewritten input: it must pass the deny rules, and an ask rule or safety
  // check that it newly hits is asked again (hooks first). The prompt already approved everything else.
  const again = await evaluateCall({ tool: options.tool, context: options.context, input: checked.input });
  if (again.verdict.behavior === 'deny') return settle({ ...options, rewrites }, again.call, again.verdict);
  if (again.verdict.behavior === 'ask' && again.verdict.immune) return askUser({ ...options, rewrites, call: again.call, verdict: again.verdict, askBase: { ...askBase, input: checked.input } });
  return allowed(checked.input);
}
