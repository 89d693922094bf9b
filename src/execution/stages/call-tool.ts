import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { runPostToolUseHooks } from '../../hooks/run-post-tool-use-hooks.ts';
import { addRulesToContext } from '../../permissions/create-permission-context.ts';
import { parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import type { ProgressPayload } from '../../progress/types.ts';
import { withheldVariables } from '../../processes/command-environment.ts';
import { callToolMethod } from '../../tool/build-tool.ts';
import type { ToolResult } from '../../tool/types.ts';
import { hookCallBase } from '../hook-call-base.ts';
import { forwardHookRun } from '../run-hook-stage.ts';
import { CANCEL_MESSAGE, toolUseError } from '../messages.ts';
import { redactOutput } from '../redact-output.ts';
import type { Stage, StageOutcome, StageResult, ToolCallState, ToolUseUpdate } from '../types.ts';

const MAX_ERROR_CHARS = 10_000;

type Settled = { ok: true; result: ToolResult<unknown> | undefined } | { ok: false; error: unknown } | { ok: 'cancelled' };

/** One running `call()`: its progress not yet yielded, how it ended once it has, and who waits for either. */
interface CallRun {
  queue: ProgressPayload[];
  settled?: Settled;
  wake?: () => void;
}

/**
 * Stage 7: `call()`, with its progress delivered as it happens. A throw becomes an error result (after the
 * PostToolUseFailure hooks); an interrupt cancels tools whose `interruptBehavior()` is 'cancel' at once and
 * lets 'block' tools finish. A call that answers at once without progress (and without failing) ends the
 * stage at once: no generator, no promise and no abort listener.
 */
export const callTool: Stage = function callTool(state) {
  const { toolUse, context, canUseTool, assistantMessage } = state.request;
  const tool = state.tool!;
  const run: CallRun = { queue: [] };
  const { signal } = context;
  // The abort listener of a call that runs on only fires for an interrupt that comes while it runs.
  const abortedBefore = signal.aborted;
  const callStartedAt = performance.now();
  let answer: ToolResult<unknown> | PromiseLike<ToolResult<unknown>> | undefined;
  try {
    answer = callToolMethod(tool, 'call', state.input,
      // Object.assign, not a spread: on Node 20 a spread followed by extra keys costs microseconds per call.
      Object.assign({}, context, {
        toolUseId: toolUse.id,
        toolSpan: state.span,
        checkedPaths: state.checkedPaths,
        canUseTool,
        assistantMessage,
        onProgress: (progress: ProgressPayload) => {
          if (run.settled) return;
          run.queue.push(progress);
          run.wake?.();
        },
      }),
    );
  } catch (error) {
    run.settled = { ok: false, error };
  }
  // An interrupt during the call's synchronous part counts as one during the call.
  const cancelledMeanwhile = !abortedBefore && signal.aborted && tool.interruptBehavior() === 'cancel';
  if (cancelledMeanwhile) {
    run.settled = { ok: 'cancelled' };
    // Nobody waits for the call any more, but its failure must not become an unhandled rejection.
    if (isThenable(answer)) Promise.resolve(answer).then(undefined, () => {});
  }
  if (!run.settled && isThenable(answer)) return waitForCall(state, run, answer, callStartedAt);
  run.settled ??= { ok: true, result: answer as ToolResult<unknown> | undefined };
  if (run.queue.length > 0 || run.settled.ok === false) return drainAndFinish(state, run, callStartedAt);
  return finish(state, run.settled);
};

/** Waits for a `call()` that returned a promise, yielding its progress as it comes. */
async function* waitForCall(state: ToolCallState, run: CallRun, answer: PromiseLike<ToolResult<unknown>>, callStartedAt: number): AsyncGenerator<ToolUseUpdate, StageResult, void> {
  const { context } = state.request;
  const tool = state.tool!;
  const settle = (value: Settled) => {
    run.settled ??= value;
    run.wake?.();
  };
  const onAbort = () => tool.interruptBehavior() === 'cancel' && settle({ ok: 'cancelled' });
  context.signal.addEventListener('abort', onAbort, { once: true });
  Promise.resolve(answer).then((result) => settle({ ok: true, result }), (error: unknown) => settle({ ok: false, error }));
  try {
    while (true) {
      yield* drainProgress(state, run);
      if (run.settled) break;
      await new Promise<void>((resolve) => (run.wake = resolve));
      run.wake = undefined;
    }
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
  return yield* drainAndFinish(state, run, callStartedAt);
}

/** Yields the progress of a call that already ended, then ends the stage as it ended. */
async function* drainAndFinish(state: ToolCallState, run: CallRun, callStartedAt: number): AsyncGenerator<ToolUseUpdate, StageResult, void> {
  yield* drainProgress(state, run);
  const settled = run.settled!;
  if (settled.ok === false) return yield* failure(state, settled.error, performance.now() - callStartedAt);
  return finish(state, settled);
}

async function* drainProgress(state: ToolCallState, run: CallRun): AsyncGenerator<ToolUseUpdate, void, void> {
  const toolUseId = state.request.toolUse.id;
  if (run.queue.length === 0) return;
  // Progress carries what a command printed while it runs (codev run prints it, a fleet worker publishes it): redacted as its result will be.
  const withheld = withheldVariables({ policy: state.request.context.environment });
  while (run.queue.length > 0) yield { type: 'progress', toolUseId, toolName: state.tool!.name, progress: redactOutput(run.queue.shift()!, withheld) };
}

/** The state after a call that returned (its data, context, turn rules, interrupt), or the cancellation. */
function finish(state: ToolCallState, settled: Exclude<Settled, { ok: false }>): StageResult {
  if (settled.ok === 'cancelled') return { status: 'cancelled', content: CANCEL_MESSAGE };
  const { result } = settled;
  state.output = result?.data;
  if (result?.additionalContext) state.additionalContext.push(...result.additionalContext);
  if (result?.allowRulesForTurn?.length) grantForTurn(state, result.allowRulesForTurn);
  if (result?.interrupt) state.interrupt = true;
}

function isThenable(value: unknown): value is PromiseLike<ToolResult<unknown>> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The error result of a `call()` that threw, after the PostToolUseFailure hooks (whose progress is yielded). */
async function* failure(state: ToolCallState, error: unknown, durationMs: number): AsyncGenerator<ToolUseUpdate, StageOutcome, void> {
  const { context } = state.request;
  const message = truncateMiddle(errorMessage(error));
  if (context.hooks.some((hook) => hook.event === 'PostToolUseFailure')) {
    const hooks = yield* forwardHookRun(state, (progress) => runPostToolUseHooks(Object.assign(hookCallBase(state), {
      event: 'PostToolUseFailure' as const,
      durationMs,
      error: message,
      acceptOutput: () => false,
    }), progress));
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
