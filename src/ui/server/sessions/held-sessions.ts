import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { findSessionLock } from '../../../transcripts/find-session-lock.ts';
import { isStaleHolder } from '../../../transcripts/judge-lock-holder.ts';
import { DEFAULT_SESSION_LOCK_TIMING } from '../../../transcripts/session-lock-timing.ts';

const LOCK_SUFFIX = '.lock';
/** Locks looked at in one go: each is an lstat, a readdir and a 4 KiB read. */
const CONCURRENCY = 16;

/** Whether an agent holds session `id` now: its lock is there and its holder live (or fresh, when it cannot be checked). */
export async function isSessionHeld(options: { directory: string; id: string }): Promise<boolean> {
  const found = await findSessionLock({ lockPath: path.join(options.directory, `${options.id}${LOCK_SUFFIX}`), expiryMs: DEFAULT_SESSION_LOCK_TIMING.expiryMs }).catch(() => undefined);
  return found !== undefined && !isStaleHolder(found.status);
}

/**
 * The sessions of `directory` an agent holds now: the folder is listed once, and only the `<id>.lock`
 * entries in it are looked at (a folder of 10,000 idle sessions has few), never each session's.
 */
export async function heldSessions(directory: string): Promise<Set<string>> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const ids = names.filter((name) => name.endsWith(LOCK_SUFFIX) && name.length > LOCK_SUFFIX.length).map((name) => name.slice(0, -LOCK_SUFFIX.length));
  const held = new Set<string>();
  let position = 0;
  const work = async () => {
    while (position < ids.length) {
      const id = ids[position++]!;
      if (await isSessionHeld({ directory, id })) held.add(id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return held;
}
