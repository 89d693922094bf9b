import { endSession } from './end-session.ts';
import { ensureSessionDirectory } from './ensure-session-directory.ts';
import { removeLeftoverSessions } from './remove-leftover-sessions.ts';
import { currentSessionOwner, readSessionOwner } from './session-owner.ts';

/** A hold on a session: the session ends when the last hold on it is released. */
export interface SessionLease {
  readonly sessionDirectory: string;
  /** Releases this hold (again: nothing); the last one ends the session (`endSession`). */
  release(): Promise<void>;
}

const holds = new Map<string, { count: number; owned: Promise<boolean> }>();
// Sessions being ended: a new hold on the same folder waits, so the removal cannot take its new files.
const ending = new Map<string, Promise<void>>();
// Once per folder and process: that is "at the next start" for a long-lived process too.
const swept = new Map<string, Promise<unknown>>();

/**
 * Holds a session for as long as the lease is not released. The first hold on a folder removes the
 * sessions dead processes left in `leftovers` (once per process), then creates the folder (private, marked
 * as this process's: `ensureSessionDirectory`). The last release ends the session: its state is forgotten
 * and its folder removed, when codev created it. Several agents on one kernel share its session this way.
 * A folder that cannot be created is not an error here: the tools that write into it will report it.
 */
export async function holdSession(options: { sessionDirectory: string; leftovers?: { directory: string; prefix?: string } }): Promise<SessionLease> {
  const { sessionDirectory, leftovers } = options;
  let hold = holds.get(sessionDirectory);
  if (hold) hold.count++;
  else {
    const previous = ending.get(sessionDirectory) ?? Promise.resolve();
    const sweep = Promise.all([previous, leftovers ? sweepOnce(leftovers) : undefined]);
    const owned = sweep.then(() => ensureSessionDirectory(sessionDirectory)).then(({ owned }) => owned, () => false);
    hold = { count: 1, owned };
    holds.set(sessionDirectory, hold);
  }
  const current = hold;
  await current.owned;
  let released = false;
  return {
    sessionDirectory,
    async release() {
      if (released) return;
      released = true;
      if (--current.count > 0) return;
      holds.delete(sessionDirectory);
      const ended = current.owned.then((owned) => endSession({ sessionDirectory, owned }));
      ending.set(sessionDirectory, ended);
      await ended;
      if (ending.get(sessionDirectory) === ended) ending.delete(sessionDirectory);
    },
  };
}

/**
 * Ends a session no lease holds, as its last release would (state forgotten, folder removed when this
 * process created it): a kernel's contexts that no agent held end this way when the kernel closes. A held
 * session is its holders' to end, and is left alone; a hold taken meanwhile waits for the end, as after a release.
 */
export async function endUnheldSession(sessionDirectory: string): Promise<void> {
  if (holds.has(sessionDirectory)) return;
  const previous = ending.get(sessionDirectory) ?? Promise.resolve();
  const ended = previous.then(async () => {
    const owner = await readSessionOwner(sessionDirectory);
    await endSession({ sessionDirectory, owned: owner !== undefined && owner.token === currentSessionOwner().token });
  });
  ending.set(sessionDirectory, ended);
  await ended;
  if (ending.get(sessionDirectory) === ended) ending.delete(sessionDirectory);
}

function sweepOnce(leftovers: { directory: string; prefix?: string }): Promise<unknown> {
  const key = `${leftovers.directory}\0${leftovers.prefix ?? ''}`;
  let sweep = swept.get(key);
  if (!sweep) swept.set(key, (sweep = removeLeftoverSessions(leftovers)));
  return sweep;
}
