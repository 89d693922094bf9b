import type { ProgressPayload } from '../progress/types.ts';

/** Sends one `notifications/progress` of the call (the SDK's `extra.sendNotification`). */
export type SendProgress = (params: { progressToken: string | number; progress: number; message?: string }) => Promise<void>;

/**
 * Turns a call's progress updates into `notifications/progress` for its `progressToken`: `progress` counts
 * the updates (MCP requires it to grow with each one; codev's payloads have no common total), `message` is
 * what the payload says in one line. Nothing is sent without a token. A failed send is dropped: progress
 * never fails a call.
 */
export function createProgressNotifier(options: { progressToken?: string | number; send: SendProgress }): (progress: ProgressPayload) => void {
  const { progressToken, send } = options;
  if (progressToken === undefined) return () => {};
  let count = 0;
  return (payload) => {
    count++;
    const message = progressMessage(payload);
    send({ progressToken, progress: count, ...(message ? { message } : {}) }).catch(() => {});
  };
}

function progressMessage(payload: ProgressPayload): string | undefined {
  const text = [payload.message, payload.progressMessage, payload.output, payload.status].find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
  const line = text?.trim().split('\n').at(-1);
  return line === undefined ? payload.type : `${payload.type}: ${line.slice(0, 500)}`;
}
