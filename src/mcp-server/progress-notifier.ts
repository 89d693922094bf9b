import type { ProgressPayload } from '../progress/types.ts';

/** Sends one `notifications/progress` of the call (the SDK's `extra.sendNotification`). */
export type SendProgress = (params: { progressToken: string | number; progress: number; message?: string }) => Promise<void>;

/** The least time between two notifications of one call (ms): more updates meanwhile are coalesced. */
const PROGRESS_NOTIFICATION_INTERVAL_MS = 100;

/** Turns a call's progress updates into notifications; `stop` sends the update still held back, if any. */
export interface ProgressNotifier {
  notify(progress: ProgressPayload): void;
  stop(): void;
}

/**
 * Turns a call's progress updates into `notifications/progress` for its `progressToken`: `progress` counts
 * the updates (MCP requires it to grow with each one; codev's payloads have no common total), `message` is
 * what the payload says in one line. At most one notification per interval, the latest update winning: a
 * notification is queued for the client whether or not it reads (the transport has no backpressure), so a tool
 * that floods updates must not grow the server with them. Nothing is sent without a token. A failed send is
 * dropped: progress never fails a call.
 */
export function createProgressNotifier(options: { progressToken?: string | number; send: SendProgress }): ProgressNotifier {
  const { progressToken, send } = options;
  if (progressToken === undefined) return { notify: () => {}, stop: () => {} };
  let count = 0;
  let held: ProgressPayload | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sendNow = (payload: ProgressPayload): void => {
    const message = progressMessage(payload);
    send({ progressToken, progress: count, ...(message ? { message } : {}) }).catch(() => {});
  };
  const tick = (): void => {
    timer = undefined;
    if (held === undefined) return;
    sendNow(held);
    held = undefined;
    timer = setTimeout(tick, PROGRESS_NOTIFICATION_INTERVAL_MS).unref();
  };
  return {
    notify(payload) {
      count++;
      if (timer) held = payload;
      else {
        sendNow(payload);
        timer = setTimeout(tick, PROGRESS_NOTIFICATION_INTERVAL_MS).unref();
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      if (held !== undefined) sendNow(held);
      held = undefined;
    },
  };
}

function progressMessage(payload: ProgressPayload): string | undefined {
  const text = [payload.message, payload.progressMessage, payload.output, payload.status].find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
  const line = text?.trim().split('\n').at(-1);
  return line === undefined ? payload.type : `${payload.type}: ${line.slice(0, 500)}`;
}
