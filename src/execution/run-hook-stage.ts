import type { HookProgress } from '../progress/types.ts';
import type { StageResult, ToolCallState, ToolUseUpdate } from './types.ts';

/**
 * A call's hook progress as `progress` updates, kept until `runToolUse` yields them. `wake` is set only
 * while a hook that answered with a promise is waited for: each update then reaches the caller as it happens.
 * A plain object with a shared `push`, not a class: under jiti (the CLI, plugins, the bench) a class with
 * fields is transpiled into helper calls that made every hooked call several microseconds slower.
 */
export interface HookUpdates {
  readonly updates: ToolUseUpdate[];
  wake: (() => void) | undefined;
  readonly toolUseId: string;
  readonly toolName: string;
  /** Set when the caller stopped reading while a hook ran: the run's later hooks are not called. */
  stopped: boolean;
  push(progress: HookProgress): void;
}

function pushUpdate(this: HookUpdates, progress: HookProgress): void {
  this.updates.push({ type: 'progress', toolUseId: this.toolUseId, toolName: this.toolName, progress });
  this.wake?.();
}

function hookUpdates(toolUseId: string, toolName: string): HookUpdates {
  return { updates: [], wake: undefined, toolUseId, toolName, stopped: false, push: pushUpdate };
}

/** Starts a run of hooks with the call's state and the sink its progress goes to. Module-level functions: nothing is made per call. */
export type StartHooks<Result> = (state: ToolCallState, progress: HookUpdates) => Result | Promise<Result>;

/**
 * A hook stage without a generator where none is needed: while every hook answers at once, the run is a
 * plain call, its progress is left in `state.updates` (yielded by `runToolUse` right after the stage) and
 * `finish` makes the stage's result from the run's. From the first hook that answers with a promise, the
 * stage becomes an async generator that yields each hook's progress as it happens (a hook's `started`
 * reaches the caller while that hook runs), then finishes the same way.
 */
export function runHookStage<Result>(
  state: ToolCallState,
  start: StartHooks<Result>,
  finish: (state: ToolCallState, result: Result) => StageResult | Promise<StageResult>,
): StageResult | Promise<StageResult> | AsyncGenerator<ToolUseUpdate, StageResult, void> {
  const progress = hookUpdates(state.request.toolUse.id, state.tool!.name);
  const result = start(state, progress);
  if (!isPromise(result)) {
    state.updates = progress.updates;
    return finish(state, result);
  }
  return finishLive(state, progress, result, finish);
}

async function* finishLive<Result>(
  state: ToolCallState,
  progress: HookUpdates,
  pending: Promise<Result>,
  finish: (state: ToolCallState, result: Result) => StageResult | Promise<StageResult>,
): AsyncGenerator<ToolUseUpdate, StageResult, void> {
  return finish(state, yield* forwardLive(progress, pending));
}

/**
 * Runs hooks from a stage that is a generator already (a failed call's PostToolUseFailure hooks): yields
 * their progress, as it happens, and returns the run's result.
 */
export async function* forwardHookRun<Result>(state: ToolCallState, start: (progress: HookUpdates) => Result | Promise<Result>): AsyncGenerator<ToolUseUpdate, Result, void> {
  const progress = hookUpdates(state.request.toolUse.id, state.tool!.name);
  const result = start(progress);
  if (!isPromise(result)) {
    yield* progress.updates;
    return result;
  }
  return yield* forwardLive(progress, result);
}

async function* forwardLive<Result>(progress: HookUpdates, pending: Promise<Result>): AsyncGenerator<ToolUseUpdate, Result, void> {
  let settled = false;
  const done = pending.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  try {
    while (true) {
      while (progress.updates.length > 0) yield progress.updates.shift()!;
      if (settled) break;
      await new Promise<void>((resolve) => {
        progress.wake = resolve;
        void done.then(resolve);
      });
      progress.wake = undefined;
    }
  } finally {
    // Closed at a yield: the caller abandoned the call, so the hooks after the running one are not told of it.
    if (!settled) progress.stopped = true;
  }
  return pending;
}

// A copy of its own, as each lifecycle stage has: one shared check sees every value shape of a call and its
// `then` lookup goes megamorphic (one shared isThenable measured 1.08-1.11x per tool call, A/A 1.00-1.01x).
function isPromise<Value>(value: Value | Promise<Value>): value is Promise<Value> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
