import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { HookProgress } from '../progress/types.ts';
import { callHook, isHookAborted, isThenable } from './call-hook.ts';
import { copySubagentIdentity } from './copy-subagent-identity.ts';
import { answeredProgress, hookProgress } from './hook-progress.ts';
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

/**
 * Runs the matching PreToolUse hooks one after another, in registration order, so the merge is
 * deterministic: each hook sees the input as the previous hooks left it; decisions merge deny > ask > allow
 * (the first hook of the strongest kind names the decision); a deny or a stop ends the run at once. A hook
 * that throws or times out denies the call: a guard that cannot answer must not let the call through.
 * Yields each hook's progress (`started`, then `completed` or `failed`) and returns the merged answer.
 */
export async function* runPreToolUseHooks(options: HookRunOptions): AsyncGenerator<HookProgress, PreToolUseResult, void> {
  const result: PreToolUseResult = { additionalContext: [] };
  let input = options.toolInput;
  for (const hook of options.hooks) {
    if (hook.event !== 'PreToolUse' || !hook.matches(options.toolName)) continue;
    let answer: PreToolUseOutput | undefined;
    yield hookProgress(hook, 'started');
    try {
      const pending = callHook(hook as ToolHook<'PreToolUse'>, preToolUseInput(options, input));
      answer = isThenable(pending) ? await pending : pending;
    } catch (error) {
      const reason = CodevError.isInstance(error) ? error.message : errorMessage(error);
      yield hookProgress(hook, 'failed', reason);
      if (isHookAborted(error)) result.interrupted = true;
      result.decision = { behavior: 'deny', hookName: hook.name, reason };
      return result;
    }
    yield answeredProgress(hook, answer);
    if (!answer) continue;
    if (answer.additionalContext) result.additionalContext.push(answer.additionalContext);
    if (answer.updatedInput && typeof answer.updatedInput === 'object') {
      input = answer.updatedInput;
      result.updatedInput = input;
    }
    if (answer.stop) {
      result.stop = { hookName: hook.name, reason: answer.stopReason ?? answer.reason ?? 'no reason given' };
      return result;
    }
    if (answer.decision && SEVERITY[answer.decision] !== undefined) {
      if (!result.decision || SEVERITY[answer.decision] > SEVERITY[result.decision.behavior]) {
        result.decision = { behavior: answer.decision, hookName: hook.name, reason: answer.reason };
      }
      if (answer.decision === 'deny') return result;
    }
  }
  return result;
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
