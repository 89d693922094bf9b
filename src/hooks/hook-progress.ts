import type { HookProgress } from '../progress/types.ts';
import type { ToolHook } from './types.ts';

/** A progress message is cut to its first line and at most this many characters. */
const MAX_MESSAGE_CHARS = 200;

const FAILURE = Symbol.for('codev.hook.failure');

/**
 * Where a run of hooks puts each hook's progress as it happens: a plain array when the caller reads it
 * after the run, or an object that also wakes a reader waiting for a hook that answers with a promise.
 */
export interface HookProgressSink {
  push(progress: HookProgress): unknown;
  /** Set once the reader of the progress stopped reading (it abandoned the call): the later hooks do not run. */
  readonly stopped?: boolean;
}

/** The `hook_progress` payload of one hook: `started` before it runs, then `completed` or `failed`. */
export function hookProgress(hook: ToolHook, status: HookProgress['status'], message?: string): HookProgress {
  const progress: HookProgress = { type: 'hook_progress', hookEvent: hook.event, hookName: hook.name, status };
  if (message !== undefined) progress.message = shorten(message);
  return progress;
}

/** The progress of a hook that answered: `failed` when the answer was marked with {@link markHookFailure}. */
export function answeredProgress(hook: ToolHook, answer: unknown): HookProgress {
  const failure = typeof answer === 'object' && answer !== null ? (answer as Record<symbol, unknown>)[FAILURE] : undefined;
  return typeof failure === 'string' ? hookProgress(hook, 'failed', failure) : hookProgress(hook, 'completed');
}

/** Whether `key` is the mark {@link markHookFailure} puts on an answer: a key of codev's, not of the hook's answer. */
export function isHookFailureMark(key: PropertyKey): boolean {
  return key === FAILURE;
}

/**
 * Marks an answer as the answer of a failed run (a command hook's exit 2, a timeout, bad JSON): it is
 * honoured as usual, and the hook's progress says `failed` with `message`. Returns the same object.
 */
export function markHookFailure<Answer extends object>(answer: Answer, message: string): Answer {
  Object.defineProperty(answer, FAILURE, { value: message });
  return answer;
}

function shorten(message: string): string {
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}
