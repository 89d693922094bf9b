import { watch, type FSWatcher } from 'node:fs';

/** How often a followed transcript is read again when no watch event came: the fallback of `fs.watch`. */
export const POLL_INTERVAL_MS = 500;

/**
 * Calls `onChange` when `file` may have changed: on its `fs.watch` events where watching works, and every
 * `pollMs` in any case (a watch can miss events, or not work at all on the file system). One watcher and
 * one timer, both gone when `signal` aborts.
 */
export function watchChanges(options: { file?: string; pollMs?: number; signal: AbortSignal; onChange: () => void }): void {
  const { file, signal, onChange } = options;
  if (signal.aborted) return;
  let watcher: FSWatcher | undefined;
  if (file !== undefined) {
    try {
      watcher = watch(file, { persistent: false }, () => onChange());
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
      });
    } catch {
      // No watching here (the file is gone, too many watchers): the poll alone follows it.
    }
  }
  const timer = setInterval(onChange, options.pollMs ?? POLL_INTERVAL_MS);
  timer.unref();
  signal.addEventListener('abort', () => {
    clearInterval(timer);
    watcher?.close();
  }, { once: true });
}
