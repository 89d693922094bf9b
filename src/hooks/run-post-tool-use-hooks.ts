import { errorMessage } from '../errors/codev-error.ts';
import type { HookProgress } from '../progress/types.ts';
import { callHook, isHookAborted, isThenable } from './call-hook.ts';
import { copySubagentIdentity } from './copy-subagent-identity.ts';
import { answeredProgress, hookProgress } from './hook-progress.ts';
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

/**
 * Runs the matching post-call hooks in registration order. The tool already ran, so a failing hook is
 * reported in `failures` and never changes the result. `acceptOutput` decides whether a replacement output
 * is taken (MCP tools: always; others: when it matches the tool's outputSchema). Yields each hook's
 * progress (`started`, then `completed` or `failed`) and returns the merged answer. Every matching hook
 * hears of the call, an interrupted one too (PostToolUseFailure with `isInterrupt`), but once the call's
 * signal has aborted only what a hook answers at once counts: one still running is abandoned (`failed`,
 * and not reported as the hook's failure).
 */
export async function* runPostToolUseHooks(options: HookRunOptions & {
  event: 'PostToolUse' | 'PostToolUseFailure';
  durationMs: number;
  toolResponse?: unknown;
  error?: string;
  acceptOutput: (value: unknown) => boolean;
}): AsyncGenerator<HookProgress, PostToolUseResult, void> {
  const result: PostToolUseResult = { additionalContext: [], feedback: [], failures: [] };
  for (const hook of options.hooks) {
    if (hook.event !== options.event || !hook.matches(options.toolName)) continue;
    const base = postHookBase(options);
    let answer: Record<string, unknown> | undefined;
    yield hookProgress(hook, 'started');
    try {
      const pending =
        options.event === 'PostToolUse'
          ? callHook(
              hook as ToolHook<'PostToolUse'>,
              Object.assign(base, { hookEventName: 'PostToolUse' as const, toolResponse: result.updatedOutput ? result.updatedOutput.value : options.toolResponse }),
            )
          : callHook(
              hook as ToolHook<'PostToolUseFailure'>,
              Object.assign(base, { hookEventName: 'PostToolUseFailure' as const, error: options.error ?? '', isInterrupt: options.signal.aborted }),
            );
      answer = (isThenable(pending) ? await pending : pending) as Record<string, unknown> | undefined;
    } catch (error) {
      yield hookProgress(hook, 'failed', errorMessage(error));
      if (!isHookAborted(error)) result.failures.push(errorMessage(error));
      continue;
    }
    yield answeredProgress(hook, answer);
    if (!answer) continue;
    if (typeof answer.additionalContext === 'string') result.additionalContext.push(answer.additionalContext);
    if ('updatedOutput' in answer && answer.updatedOutput !== undefined) {
      if (options.acceptOutput(answer.updatedOutput)) result.updatedOutput = { value: answer.updatedOutput, hookName: hook.name };
      else result.failures.push(`Hook '${hook.name}' returned an updatedOutput that does not match the tool's output schema; it was ignored`);
    }
    if (answer.block === true && typeof answer.reason === 'string') result.feedback.push(answer.reason);
    if (answer.stop === true) {
      result.stop = { hookName: hook.name, reason: String(answer.stopReason ?? answer.reason ?? 'no reason given') };
      break;
    }
  }
  return result;
}

/** The fields every post-call hook's input starts with: one literal per hook (a hook may change its input), no spread followed by more keys. */
function postHookBase(options: HookRunOptions & { durationMs: number }) {
  const { toolName, toolInput, toolUseId, cwd, permissionMode, signal, durationMs } = options;
  if (options.agentId === undefined && options.agentType === undefined) return { toolName, toolInput, toolUseId, cwd, permissionMode, signal, durationMs };
  return Object.assign({ toolName, toolInput, toolUseId, cwd, permissionMode }, copySubagentIdentity(options), { signal, durationMs });
}
