import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { runPostToolUseHooks } from '../../hooks/run-post-tool-use-hooks.ts';
import { addRulesToContext } from '../../permissions/create-permission-context.ts';
import { parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import type { ProgressPayload } from '../../progress/types.ts';
import type { ToolResult } from '../../tool/types.ts';
import { forwardHookProgress, hookCallBase } from '../hook-call-base.ts';
import { CANCEL_MESSAGE, toolUseError } from '../messages.ts';
import type { Stage, StageOutcome, ToolCallState, ToolUseUpdate } from '../types.ts';

const MAX_ERROR_CHARS = 10_000;

type Settled = { ok: true; result: ToolResult<unknown> | undefined } | { ok: false; error: unknown } | { ok: 'cancelled' };

/**
 * Stage 7: `call()`, with its progress delivered as it happens. A throw becomes an error result (after the
 * PostToolUseFailure hooks); an interrupt cancels tools whose `interruptBehavior()` is 'cancel' at once and
 * lets 'block' tools finish.
 */
export const callTool: Stage = async function* callTool(state) {
  const { toolUse, context, canUseTool, assistantMessage } = state.request;
  const tool = state.tool!;
  const queue: ProgressPayload[] = [];
  let wake: (() => void) | undefined;
  let settled: Settled | undefined;
  const finish = (value: Settled) => {
    settled ??= value;
    wake?.();
  };
  const onAbort = () => tool.interruptBehavior() === 'cancel' && finish({ ok: 'cancelled' });
  context.signal.addEventListener('abort', onAbort, { once: true });
  const callStartedAt = performance.now();
  Promise.resolve()
    .then(() =>
      // Object.assign, not a spread: on Node 20 a spread followed by extra keys costs microseconds per call.
      tool.call(
        state.input,
        Object.assign({}, context, {
          toolUseId: toolUse.id,
          canUseTool,
          assistantMessage,
          onProgress: (progress: ProgressPayload) => {
            if (settled) return;
            queue.push(progress);
            wake?.();
          },
        }),
      ),
    )
    .then((result) => finish({ ok: true, result }), (error) => finish({ ok: false, error }));
  try {
    while (true) {
      while (queue.length > 0) yield { type: 'progress', toolUseId: toolUse.id, toolName: tool.name, progress: queue.shift()! };
      if (settled) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
  const outcome = settled!;
  if (outcome.ok === true) {
    state.output = outcome.result?.data;
    if (outcome.result?.additionalContext) state.additionalContext.push(...outcome.result.additionalContext);
    if (outcome.result?.allowRulesForTurn?.length) grantForTurn(state, outcome.result.allowRulesForTurn);
    if (outcome.result?.interrupt) state.interrupt = true;
    return;
  }
  if (outcome.ok === 'cancelled') return { status: 'cancelled', content: CANCEL_MESSAGE };
  return yield* failure(state, outcome.error, performance.now() - callStartedAt);
};

/** The error result of a `call()` that threw, after the PostToolUseFailure hooks (whose progress is yielded). */
async function* failure(state: ToolCallState, error: unknown, durationMs: number): AsyncGenerator<ToolUseUpdate, StageOutcome, void> {
  const { context } = state.request;
  const message = truncateMiddle(errorMessage(error));
  if (context.hooks.some((hook) => hook.event === 'PostToolUseFailure')) {
    const hooks = yield* forwardHookProgress(state, runPostToolUseHooks(Object.assign(hookCallBase(state), {
      event: 'PostToolUseFailure' as const,
      durationMs,
      error: message,
      acceptOutput: () => false,
    })));
    state.additionalContext.push(...hooks.additionalContext);
    for (const failed of hooks.failures) context.onWarning?.(failed);
  }
  // What an interrupt could not stop is no cancellation: the processes left are named, with their code.
  const killFailed = CodevError.isInstance(error) && error.code === 'PROCESS_KILL_FAILED';
  if (context.signal.aborted && !killFailed) return { status: 'cancelled' as const, content: CANCEL_MESSAGE };
  return { status: 'error' as const, content: toolUseError(`Error: ${message}`), errorCode: CodevError.isInstance(error) ? error.code : 'TOOL_FAILED', thrown: error };
}

/** Adds a result's turn-scoped allow rules to the call's context; a rule that does not parse is a warning. */
function grantForTurn(state: ToolCallState, rules: readonly string[]): void {
  const { context } = state.request;
  const valid = rules.filter((rule) => {
    try {
      parsePermissionRule(rule);
      return true;
    } catch (error) {
      context.onWarning?.(`${state.tool!.name} asked to allow "${rule}" for this turn, which is not a valid rule (${errorMessage(error)}); skipped.`);
      return false;
    }
  });
  if (valid.length > 0) context.permissionContext = addRulesToContext({ context: context.permissionContext, behavior: 'allow', source: 'skill', rules: valid });
}

function truncateMiddle(text: string): string {
  if (text.length <= MAX_ERROR_CHARS) return text;
  const half = MAX_ERROR_CHARS / 2;
  return `${text.slice(0, half)}\n... [${text.length - MAX_ERROR_CHARS} characters truncated] ...\n${text.slice(-half)}`;
}
