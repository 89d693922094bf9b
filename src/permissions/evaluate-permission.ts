import { errorMessage } from '../errors/codev-error.ts';
import { callToolMethod } from '../tool/build-tool.ts';
import type { ToolContext } from '../tool/types.ts';
import type { CollectedRules } from './collect-rules.ts';
import type { PermissionRuleSet } from './define-permission-rule.ts';
import { approveCall } from './approve-call.ts';
import { findRuleMatchBelow } from './find-rule-match-below.ts';
import { hardLinkVerdict, linkedFilesOf } from './hard-link-verdict.ts';
import { findMatchingRule, pathRuleApplies, type RuleMatch } from './match-rules.ts';
import type { PreparedCall } from './prepare-call.ts';
import { plantedRootReason } from './protected/loaded-folder-reason.ts';
import { protectedPathReason, type ProtectedPlace } from './protected-paths.ts';
import type { DecisionSource, PermissionDecisionReason, PermissionMode, PermissionRule, PermissionResult, UnloadedSource } from './types.ts';
import { runSteps } from './run-steps.ts';
import { unloadedSourcesMessage, unloadedSourcesOf } from './unloaded-sources-rule.ts';

/** The engine's verdict before asks are resolved. `immune` asks are never settled by a mode or a classifier. */
export type Verdict =
  | { behavior: 'allow'; source: DecisionSource; reason: PermissionDecisionReason; rule?: PermissionRule; input?: Record<string, unknown> }
  | { behavior: 'deny'; source: DecisionSource; reason: PermissionDecisionReason; message: string; rule?: PermissionRule }
  | { behavior: 'ask'; reason: PermissionDecisionReason; message: string; immune: boolean; rule?: PermissionRule };

/**
 * Decides a prepared call from rules, hooks, rule functions, the tool's own check, path safety and the mode.
 * Order (first that applies wins):
 *  1. a hook's deny; 2. deny rules that match for certain (a folder read or written whole counts when a
 *     denied file is in it); 3. rule functions' deny; 4. the tool's `checkPermissions` deny;
 *  4b. another name (a hard link) of a file a Read or Edit deny rule covers (see `hardLinkVerdict`);
 *  5. immune asks: ask rules; a deny rule that could match what cannot be checked (opaque or computed shell
 *     code, a file only known at run time); a hook's ask; rule functions' ask; the tool's own safety checks;
 *     writes to protected places (or a folder above one); writes only known at run time outside the sandbox;
 *     writes to another name of a protected file;
 *  6. bypassPermissions mode allows; 7. a hook's allow; 8. rule functions' allow;
 *  9. what the call is approved by allow rules, the tool, or acceptEdits, and every file it touches approved
 *     by allow rules or the working-directory policy (in plan mode only for read-only calls) — see `approveCall`;
 *  10. the tool's ask; 11. the file that needs approval; 12. plan mode asks for anything not read-only;
 *  13. otherwise ask.
 */
export async function evaluatePermission(options: EvaluateOptions): Promise<Verdict> {
  return runSteps(evaluationSteps(options));
}

/** `evaluatePermission` without a promise when nothing it consults answers with one (most calls): the tool-call path. */
export function evaluatePermissionNow(options: EvaluateOptions): Verdict | Promise<Verdict> {
  return runSteps(evaluationSteps(options));
}

/** What `evaluatePermission` decides on. */
export interface EvaluateOptions {
  call: PreparedCall;
  rules: CollectedRules;
  ruleSets: readonly PermissionRuleSet[];
  mode: PermissionMode;
  hookDecision?: { behavior: 'allow' | 'deny' | 'ask'; hookName: string; reason?: string };
  context: ToolContext;
  workingDirectories: readonly string[];
  /** The places writes must never reach without a prompt (see `protectedPlacesOf`). */
  protectedPlaces: readonly ProtectedPlace[];
}

/** The body of `evaluatePermission`: each `yield` is an `await` (see `runSteps`). */
function* evaluationSteps(options: EvaluateOptions): Generator<unknown, Verdict, unknown> {
  const { call, rules, mode, hookDecision, context } = options;
  const toolName = call.tool.name;
  if (hookDecision?.behavior === 'deny') {
    const message = `Hook '${hookDecision.hookName}' blocked this action: ${hookDecision.reason ?? 'no reason given'}`;
    return { behavior: 'deny', source: 'hook', message, reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason } };
  }
  const denyFound = findRule(call, rules.deny, 'deny');
  const deny = (yield denyFound) as Awaited<typeof denyFound>;
  if (deny?.certain) {
    const why = deny.reason ? ` (${deny.reason})` : '';
    return { behavior: 'deny', source: 'config', rule: deny.rule, reason: { type: 'rule', rule: deny.rule }, message: `Permission to use ${toolName} has been denied by the rule '${deny.rule.text}' from ${deny.rule.source} settings${why}.` };
  }
  // No rule functions (most sessions): no async call and no await.
  const functionAnswers = options.ruleSets.length === 0 ? NO_ANSWERS : ((yield runRuleFunctions(options.ruleSets, call, context)) as FunctionAnswer[]);
  const functionDeny = functionAnswers.find((answer) => answer.answer === 'deny');
  if (functionDeny) {
    return { behavior: 'deny', source: 'config', reason: { type: 'ruleFunction', name: functionDeny.name }, message: `Permission to use ${toolName} has been denied by the rule '${functionDeny.name}'.` };
  }
  // The tool's own answer without a promise when it answered at once (the default allow does).
  const ownAnswer = callToolMethod(call.tool, 'checkPermissions', call.input, context);
  const own = (yield ownAnswer) as Awaited<typeof ownAnswer>;
  if (own.behavior === 'deny') return { behavior: 'deny', source: 'config', reason: own.decisionReason ?? { type: 'tool', reason: own.message }, message: own.message };
  const input = own.behavior === 'allow' && own.updatedInput ? (own.updatedInput as Record<string, unknown>) : call.input;
  // Another name (hard link) of a denied or protected file is that file; only files with several names are looked up.
  const linked = call.paths.length > 0 ? linkedFilesOf(call) : [];
  const byLink = linked.length > 0 ? ((yield hardLinkVerdict({ linked, context, protectedPlaces: options.protectedPlaces, workingDirectories: options.workingDirectories })) as Awaited<ReturnType<typeof hardLinkVerdict>>) : undefined;
  if (byLink?.behavior === 'deny') return { behavior: 'deny', source: 'config', reason: byLink.reason, message: byLink.message };

  const askFound = findRule(call, rules.ask, 'ask');
  const ask = (yield askFound) as Awaited<typeof askFound>;
  const immune = immuneAsk({ call, hookDecision, protectedPlaces: options.protectedPlaces, own, deny, ask, functionAnswers });
  if (immune) return immune;
  if (byLink) return { behavior: 'ask', immune: true, reason: byLink.reason, message: byLink.message };

  if (mode === 'bypassPermissions') return { behavior: 'allow', source: 'config', reason: { type: 'mode', mode }, input };
  if (hookDecision?.behavior === 'allow') return { behavior: 'allow', source: 'hook', reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason }, input };
  const readOnly = safeReadOnly(call);
  const functionAllow = functionAnswers.find((answer) => answer.answer === 'allow');
  if (functionAllow && (mode !== 'plan' || readOnly)) return { behavior: 'allow', source: 'config', reason: { type: 'ruleFunction', name: functionAllow.name }, input };
  const approval = approveCall({ call, allowRules: rules.allow, own, mode, workingDirectories: options.workingDirectories });
  if (approval.targets && !approval.path && (mode !== 'plan' || readOnly)) return { behavior: 'allow', source: 'config', rule: approval.targets.rule, reason: approval.targets.reason, input };

  if (own.behavior === 'ask') return { behavior: 'ask', immune: false, reason: own.decisionReason ?? { type: 'tool', reason: own.message }, message: own.message };
  if (approval.path) return { behavior: 'ask', immune: false, reason: approval.path.reason, message: approval.path.message };
  if (mode === 'plan' && !readOnly) return { behavior: 'ask', immune: false, reason: { type: 'mode', mode }, message: `Current permission mode (plan) requires approval for ${toolName}, which may change things.` };
  return { behavior: 'ask', immune: false, reason: own.decisionReason ?? { type: 'other', reason: 'no rule allows this call' }, message: ('message' in own ? own.message : undefined) ?? `codev requested permission to use ${toolName}, but you haven't granted it yet.` };
}

/**
 * A deny or ask rule matching the call, certain matches first, a whole-folder read or write checked on disk
 * last. Synchronous unless a folder must be walked: most calls never wait here (an `await` of a plain
 * value still costs a turn of the microtask queue, on every call).
 */
function findRule(call: PreparedCall, rules: readonly PermissionRule[], behavior: 'deny' | 'ask'): RuleMatch | undefined | Promise<RuleMatch | undefined> {
  const match = findMatchingRule(call, rules, behavior);
  if (match?.certain || !call.paths.some((entry) => entry.recursive) || !rules.some(pathRuleApplies)) return match;
  return findRuleMatchBelow(call, rules, behavior).then((below) => (below?.certain ? below : (match ?? below)));
}

/** Step 5: the asks no mode, classifier or allow rule can settle. */
function immuneAsk(options: {
  call: PreparedCall;
  hookDecision: Parameters<typeof evaluatePermission>[0]['hookDecision'];
  protectedPlaces: readonly ProtectedPlace[];
  own: PermissionResult;
  deny: RuleMatch | undefined;
  ask: RuleMatch | undefined;
  functionAnswers: readonly FunctionAnswer[];
}): Verdict | undefined {
  const { call, hookDecision, own, deny, ask } = options;
  const toolName = call.tool.name;
  if (ask) {
    const why = ask.reason ? ` (${ask.certain ? '' : 'it could match: '}${ask.reason})` : '';
    return { behavior: 'ask', immune: true, rule: ask.rule, reason: { type: 'rule', rule: ask.rule }, message: `Permission rule '${ask.rule.text}' from ${ask.rule.source} settings requires approval for this ${toolName} call${why}.` };
  }
  if (deny) {
    return { behavior: 'ask', immune: true, rule: deny.rule, reason: { type: 'rule', rule: deny.rule }, message: `The deny rule '${deny.rule.text}' from ${deny.rule.source} settings cannot be checked against this ${toolName} call: ${deny.reason ?? 'part of it is only known at run time'}. Approve it only if it does not do what the rule forbids.` };
  }
  if (hookDecision?.behavior === 'ask') {
    return { behavior: 'ask', immune: true, reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason }, message: `Hook '${hookDecision.hookName}' asks for approval: ${hookDecision.reason ?? 'no reason given'}` };
  }
  const functionAsk = options.functionAnswers.find((answer) => answer.answer === 'ask');
  if (functionAsk?.unloaded) return { behavior: 'ask', immune: true, reason: { type: 'unloadedSource', sources: functionAsk.unloaded }, message: unloadedSourcesMessage(toolName, functionAsk.unloaded) };
  if (functionAsk) return { behavior: 'ask', immune: true, reason: { type: 'ruleFunction', name: functionAsk.name }, message: `The rule '${functionAsk.name}' requires approval for this ${toolName} call.` };
  // A tool's own safety check (e.g. Bash outside the sandbox) is its own permission: rules and modes cannot grant it.
  if (own.behavior === 'ask' && own.decisionReason?.type === 'safetyCheck') return { behavior: 'ask', immune: true, reason: own.decisionReason, message: own.message };
  if (call.paths.length === 0 && call.unresolvedWrites.length === 0) return undefined;
  const writes = call.paths.filter((entry) => entry.access === 'write' && entry.origin !== 'possible');
  const targets = writes.flatMap((entry) => [entry.variants.lexical, entry.variants.real, entry.variants.written ?? entry.variants.real]);
  const safety = targets.map((target) => protectedPathReason(target, options.protectedPlaces)).find(Boolean) ?? plantedRootReason(targets);
  if (safety) return { behavior: 'ask', immune: true, reason: { type: 'safetyCheck', reason: safety }, message: `${safety}. Writing there always needs approval.` };
  if (call.unresolvedWrites.length > 0 && !call.commands.every((command) => command.sandboxed)) {
    const reason = `it writes to a file only known at run time (${call.unresolvedWrites.join(', ')}), which could be a protected file, and it does not run in the sandbox`;
    return { behavior: 'ask', immune: true, reason: { type: 'safetyCheck', reason }, message: `This ${toolName} call needs approval: ${reason}.` };
  }
  return undefined;
}

function safeReadOnly(call: PreparedCall): boolean {
  try {
    return call.tool.isReadOnly(call.input);
  } catch {
    return false;
  }
}

interface FunctionAnswer {
  name: string;
  answer: 'allow' | 'deny' | 'ask';
  /** Set when the set stands in for sources that never loaded (see `unloadedSourcesRule`). */
  unloaded?: readonly UnloadedSource[];
}

const NO_ANSWERS: readonly FunctionAnswer[] = Object.freeze([]);

/** The rule functions' answers: at once (no promise) while each answers at once, as most do. */
function runRuleFunctions(ruleSets: readonly PermissionRuleSet[], call: PreparedCall, context: ToolContext): FunctionAnswer[] | Promise<FunctionAnswer[]> {
  return runSteps(ruleFunctionSteps(ruleSets, call, context));
}

/** The body of `runRuleFunctions`: each `yield` is an `await` (see `runSteps`). */
function* ruleFunctionSteps(ruleSets: readonly PermissionRuleSet[], call: PreparedCall, context: ToolContext): Generator<unknown, FunctionAnswer[], unknown> {
  const answers: FunctionAnswer[] = [];
  for (const set of ruleSets) {
    if (!set.check) continue;
    const unloaded = unloadedSourcesOf(set);
    if (unloaded) {
      answers.push({ name: set.name, answer: 'ask', unloaded });
      continue;
    }
    try {
      const answer: unknown = yield set.check(call.tool, call.input, context);
      if (answer === 'allow' || answer === 'deny' || answer === 'ask') answers.push({ name: set.name, answer });
      else if (answer !== undefined) answers.push({ name: set.name, answer: 'ask' });
    } catch (error) {
      // A rule that cannot answer must not silently allow: treat its failure as a request for approval.
      answers.push({ name: `${set.name} (failed: ${errorMessage(error)})`, answer: 'ask' });
    }
  }
  return answers;
}
