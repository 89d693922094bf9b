import { CodevError } from '../errors/codev-error.ts';

/**
 * `work`, or a `LOAD_TIMEOUT` (carrying `problem`, `file` and `hint`) once `timeoutMs` passes first. The work
 * itself cannot be cancelled: what it holds stays with it, and codev goes on without it.
 */
export async function withinLoadTimeout<T>(work: Promise<T>, options: { timeoutMs: number; problem: string; file?: string; hint: string }): Promise<T> {
  if (!Number.isFinite(options.timeoutMs)) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CodevError('LOAD_TIMEOUT', options.problem, { file: options.file, hint: options.hint })), options.timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
