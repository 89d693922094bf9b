import { errorMessage } from '../errors/codev-error.ts';
import { callHook, isHookAborted, isThenable } from './call-hook.ts';
import { copySubagentIdentity } from './copy-subagent-identity.ts';
import { answeredProgress, hookProgress, type HookProgressSink } from './hook-progress.ts';
import { matchingHooks } from './matching-hooks.ts';
import type { HookRunOptions, ToolHook } from './types.ts';

/** The merged answer of the PostToolUse (or PostToolUseFailure) hooks. */
export interface PostToolUseResult {
  /** Set when a hook replaced the output (and the replacement was accepted). */
  updatedOutput?: { value: unknown; hookName: string };
  additionalContext: string[];
  /** Feedback appended to the result (`block` with a reason). */
  feedback: string[];
  stop?: { hookName: string; reason: string };
  /** Hooks that failed: the call already ran, so these are reported, never fatal. */
  failures: string[];
}

/** What a post-call run needs besides the call: which event, how long the call took, and what it returned or threw. */
export type PostToolUseRunOptions = HookRunOptions & {
  event: 'PostToolUse' | 'PostToolUseFailure';
  durationMs: number;
  toolResponse?: unknown;
  error?: string;
  acceptOutput: (value: unknown) => boolean;
};

interface PostRun {
  readonly options: PostToolUseRunOptions;
  readonly hooks: readonly ToolHook[];
  readonly progress: HookProgressSink;
  readonly result: PostToolUseResult;
}

type Answer = Record<string, unknown> | undefined;

/**
 * Runs the matching post-call hooks in registration order. The tool already ran, so a failing hook is
 * reported in `failures` and never changes the result. `acceptOutput` decides whether a replacement output
 * is taken (MCP tools: always; others: when it matches the tool's outputSchema). Pushes each hook's
 * progress to `progress` as it happens (`started`, then `completed` or `failed`) and answers with the merged
 * answer: a value while every hook answers at once, a promise from the first hook that answers with one.
 * Every matching hook hears of the call, an interrupted one too (PostToolUseFailure with `isInterrupt`),
 * but once the call's signal has aborted only what a hook answers at once counts: one still running is
 * abandoned (`failed`, and not reported as the hook's failure).
 */
export function runPostToolUseHooks(options: PostToolUseRunOptions, progress: HookProgressSink): PostToolUseResult | Promise<PostToolUseResult> {
  const run: PostRun = { options, hooks: matchingHooks(options.hooks, options.event, options.toolName), progress, result: { additionalContext: [], feedback: [], failures: [] } };
  return runFrom(run, 0);
}

function runFrom(run: PostRun, start: number): PostToolUseResult | Promise<PostToolUseResult> {
  for (let index = start; index < run.hooks.length; index++) {
    if (run.progress.stopped) return run.result;
    const hook = run.hooks[index]!;
    run.progress.push(hookProgress(hook, 'started'));
    let answer: Answer | Promise<Answer>;
    try {
      answer = callPostHook(run, hook);
    } catch (error) {
      failed(run, hook, error);
      continue;
    }
    if (isThenable(answer)) return settle(run, index, answer);
    if (merge(run, hook, answer)) return run.result;
  }
  return run.result;
}

async function settle(run: PostRun, index: number, pending: Promise<Answer>): Promise<PostToolUseResult> {
  const hook = run.hooks[index]!;
  let answer: Answer;
  try {
    answer = await pending;
  } catch (error) {
    failed(run, hook, error);
    return runFrom(run, index + 1);
  }
  return merge(run, hook, answer) ? run.result : runFrom(run, index + 1);
}

function callPostHook(run: PostRun, hook: ToolHook): Answer | Promise<Answer> {
  const { options, result } = run;
  const base = postHookBase(options);
  return (
    options.event === 'PostToolUse'
      ? callHook(hook as ToolHook<'PostToolUse'>, Object.assign(base, { hookEventName: 'PostToolUse' as const, toolResponse: result.updatedOutput ? result.updatedOutput.value : options.toolResponse }))
      : callHook(hook as ToolHook<'PostToolUseFailure'>, Object.assign(base, { hookEventName: 'PostToolUseFailure' as const, error: options.error ?? '', isInterrupt: options.signal.aborted }))
  ) as Answer | Promise<Answer>;
}

function failed(run: PostRun, hook: ToolHook, error: unknown): void {
  run.progress.push(hookProgress(hook, 'failed', errorMessage(error)));
  if (!isHookAborted(error)) run.result.failures.push(errorMessage(error));
}

/**
 * Merges one hook's answer into the run's; true when it stops the run. An answer that is not an object (a
 * string, a number, `true`: the hook's bug) is that hook's failure, reported and ignored: the call already
 * ran, and reported as failed the model would make it again.
 */
function merge(run: PostRun, hook: ToolHook, answer: Answer): boolean {
  if (answer !== undefined && answer !== null && typeof answer !== 'object') {
    failed(run, hook, new Error(`Hook '${hook.name}' answered with a ${typeof answer}, not an object; its answer was ignored`));
    return false;
  }
  run.progress.push(answeredProgress(hook, answer));
  if (!answer) return false;
  const { result, options } = run;
  if (typeof answer.additionalContext === 'string') result.additionalContext.push(answer.additionalContext);
  if ('updatedOutput' in answer && answer.updatedOutput !== undefined) {
    if (options.acceptOutput(answer.updatedOutput)) result.updatedOutput = { value: answer.updatedOutput, hookName: hook.name };
    else result.failures.push(`Hook '${hook.name}' returned an updatedOutput that does not match the tool's output schema; it was ignored`);
  }
  if (answer.block === true && typeof answer.reason === 'string') result.feedback.push(answer.reason);
  if (answer.stop === true) {
    result.stop = { hookName: hook.name, reason: String(answer.stopReason ?? answer.reason ?? 'no reason given') };
    return true;
  }
  return false;
}

/** The fields every post-call hook's input starts with: one literal per hook (a hook may change its input), no spread followed by more keys. */
function postHookBase(options: HookRunOptions & { durationMs: number }) {
  const { toolName, toolInput, toolUseId, cwd, permissionMode, signal, durationMs } = options;
  if (options.agentId === undefined && options.agentType === undefined) return { toolName, toolInput, toolUseId, cwd, permissionMode, signal, durationMs };
  return Object.assign({ toolName, toolInput, toolUseId, cwd, permissionMode }, copySubagentIdentity(options), { signal, durationMs });
}
