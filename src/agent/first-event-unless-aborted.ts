import { APIUserAbortError } from '@anthropic-ai/sdk/core/error';

/**
 * The first `next()` of a model stream, or an `APIUserAbortError` as soon as `signal` aborts, whichever comes first.
 * Before its request is sent, a provider's SDK awaits its credentials (Google's token endpoint, the AWS chain's files
 * and endpoints) without the request's signal: a credential source that never answers would hold the request past
 * the idle watchdog and the caller's abort. The stream is aborted too, for whatever the SDK does once they answer.
 * Only the first event is raced: once the response has come, the SDK's fetch follows the signal itself.
 */
export async function firstEventUnlessAborted<Event>(iterator: AsyncIterator<Event>, signal: AbortSignal, abortStream: () => void): Promise<IteratorResult<Event>> {
  if (signal.aborted) {
    abortStream();
    throw new APIUserAbortError();
  }
  let onAbort!: () => void;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      abortStream();
      reject(new APIUserAbortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const first = iterator.next();
  // The loser of the race must not be an unhandled rejection.
  first.catch(() => undefined);
  try {
    return await Promise.race([first, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
