import { CodevError } from '../../errors/codev-error.ts';

/**
 * Runs `work` with a signal that aborts on `signal` (the user's interrupt) or after `timeoutMs`. A timeout becomes
 * a readable error; an interrupt keeps its own reason.
 */
export async function withDeadline<T>(options: { signal: AbortSignal; timeoutMs: number; what: string }, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${options.timeoutMs} ms`));
  }, options.timeoutMs);
  const onAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (error) {
    if (timedOut) {
      throw new CodevError('TOOL_FAILED', `${options.what} timed out after ${formatSeconds(options.timeoutMs)}`, { tool: 'WebFetch', cause: error, hint: 'try again later, or fetch a smaller page' });
    }
    if (options.signal.aborted) throw new CodevError('TOOL_ABORTED', `${options.what} was interrupted`, { tool: 'WebFetch', cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}
