import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { callHook, isHookAborted, isThenable } from './call-hook.ts';
import { copySubagentIdentity } from './copy-subagent-identity.ts';
import { answeredProgress, hookProgress, type HookProgressSink } from './hook-progress.ts';
import { matchingHooks } from './matching-hooks.ts';
import { readPreToolUseAnswer } from './read-pre-tool-use-answer.ts';
import type { HookRunOptions, PreToolUseInput, PreToolUseOutput, ToolHook } from './types.ts';

const SEVERITY = { allow: 1, ask: 2, deny: 3 } as const;

/** The merged answer of every matching PreToolUse hook. */
export interface PreToolUseResult {
  /** The strongest decision: deny > ask > allow. */
  decision?: { behavior: 'allow' | 'deny' | 'ask'; hookName: string; reason?: string };
  /** The input after every hook's `updatedInput`, applied in order. Absent when no hook rewrote it. */
  updatedInput?: Record<string, unknown>;
  additionalContext: string[];
  stop?: { hookName: string; reason: string };
  /** Set when the call was interrupted while a hook ran: that hook was abandoned, and the call is not made. */
  interrupted?: true;
}

/** One run's progress: the options, where the hooks' progress goes, and the answer merged so far. */
interface PreRun {
  readonly options: HookRunOptions;
  readonly hooks: readonly ToolHook[];
  readonly progress: HookProgressSink;
  readonly result: PreToolUseResult;
  input: Record<string, unknown>;
}

/**
 * Runs the matching PreToolUse hooks one after another, in registration order, so the merge is
 * deterministic: each hook sees the input as the previous hooks left it; decisions merge deny > ask > allow
 * (the first hook of the strongest kind names the decision); a deny or a stop ends the run at once. A hook
 * that throws or times out denies the call: a guard that cannot answer must not let the call through.
 * Pushes each hook's progress to `progress` as it happens (`started` before the hook runs, then `completed`
 * or `failed`) and answers with the merged answer: a value while every hook answers at once (no promise,
 * no generator, no microtask turn), a promise from the first hook that answers with one.
 */
export function runPreToolUseHooks(options: HookRunOptions, progress: HookProgressSink): PreToolUseResult | Promise<PreToolUseResult> {
  const run: PreRun = { options, hooks: matchingHooks(options.hooks, 'PreToolUse', options.toolName), progress, result: { additionalContext: [] }, input: options.toolInput };
  return runFrom(run, 0);
}

function runFrom(run: PreRun, start: number): PreToolUseResult | Promise<PreToolUseResult> {
  for (let index = start; index < run.hooks.length; index++) {
    if (run.progress.stopped) return run.result;
    const hook = run.hooks[index]!;
    run.progress.push(hookProgress(hook, 'started'));
    let answer: ReturnType<typeof callHook<'PreToolUse'>>;
    try {
      answer = callHook(hook as ToolHook<'PreToolUse'>, preToolUseInput(run.options, run.input));
    } catch (error) {
      return failed(run, hook, error);
    }
    if (isThenable(answer)) return settle(run, index, answer);
    if (merge(run, hook, answer)) return run.result;
  }
  return run.result;
}

async function settle(run: PreRun, index: number, pending: Promise<PreToolUseOutput | undefined>): Promise<PreToolUseResult> {
  const hook = run.hooks[index]!;
  let answer: PreToolUseOutput | undefined;
  try {
    answer = await pending;
  } catch (error) {
    return failed(run, hook, error);
  }
  return merge(run, hook, answer) ? run.result : runFrom(run, index + 1);
}

/** The run ends with a deny: a hook that cannot answer must not let the call through. */
function failed(run: PreRun, hook: ToolHook, error: unknown): PreToolUseResult {
  const reason = CodevError.isInstance(error) ? error.message : errorMessage(error);
  run.progress.push(hookProgress(hook, 'failed', reason));
  if (isHookAborted(error)) run.result.interrupted = true;
  run.result.decision = { behavior: 'deny', hookName: hook.name, reason };
  return run.result;
}

/** Merges one hook's answer into the run's; true when it ends the run (a stop or a deny). */
function merge(run: PreRun, hook: ToolHook, answer: PreToolUseOutput | undefined): boolean {
  if (answer === undefined || answer === null) {
    run.progress.push(answeredProgress(hook, answer));
    return false;
  }
  const read = readPreToolUseAnswer(answer);
  if (read.problem !== undefined) {
    failed(run, hook, new CodevError('HOOK_ANSWER_INVALID', `Hook '${hook.name}' answered ${read.problem}, which codev does not understand, so the call is denied`, { hint: "answer { decision: 'allow' | 'ask' | 'deny', reason? }, { updatedInput }, { additionalContext }, { stop: true }, or undefined for no opinion" }));
    return true;
  }
  run.progress.push(answeredProgress(hook, answer));
  // From here on only the copy is read: the hook's object may not answer the same twice.
  answer = read.answer;
  const { result } = run;
  if (answer.additionalContext) result.additionalContext.push(answer.additionalContext);
  if (answer.updatedInput) {
    run.input = answer.updatedInput;
    result.updatedInput = run.input;
  }
  if (answer.stop) {
    result.stop = { hookName: hook.name, reason: answer.stopReason ?? answer.reason ?? 'no reason given' };
    return true;
  }
  // Own keys only: `valueOf` or `constructor` is no decision, and read as one it would hide a later deny.
  if (typeof answer.decision === 'string' && Object.hasOwn(SEVERITY, answer.decision)) {
    if (!result.decision || SEVERITY[answer.decision] > SEVERITY[result.decision.behavior]) {
      result.decision = { behavior: answer.decision, hookName: hook.name, reason: answer.reason };
    }
    if (answer.decision === 'deny') return true;
  }
  return false;
}

/**
 * One hook's input (each hook gets its own object: a hook may change what it was given). A literal of one
 * shape when no subagent identity is set, no spread followed by more keys: that costs microseconds on Node 20.
 */
function preToolUseInput(options: HookRunOptions, toolInput: Record<string, unknown>): PreToolUseInput {
  const { toolName, toolUseId, cwd, permissionMode, signal } = options;
  if (options.agentId === undefined && options.agentType === undefined) return { hookEventName: 'PreToolUse', toolName, toolInput, toolUseId, cwd, permissionMode, signal };
  return Object.assign({ hookEventName: 'PreToolUse' as const, toolName, toolInput, toolUseId, cwd, permissionMode }, copySubagentIdentity(options), { signal });
}
