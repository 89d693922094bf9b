import { appendFile, mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { createSerialQueue } from './run-serially.ts';

/**
 * The folder under the repository root that holds agent worktrees. Not under `.codev/`: codev protects every
 * path with a `.codev` segment, so each write of the agent would ask.
 */
export const WORKTREES_DIRECTORY = '.codev-worktrees';
const EXCLUDE_LINE = `/${WORKTREES_DIRECTORY}/`;

/** One queue per exclude file, so concurrent creations in one process add the line once. */
const runSerially = createSerialQueue();

const LOCK_ATTEMPTS = 50;
const LOCK_DELAY_MS = 20;

/**
 * Runs `work` holding `<file>.lock` (created exclusively, git's own convention), so two codev processes do not
 * both add the line. A lock still held after about a second is taken as stale: `work` runs anyway, as the
 * worst outcome is a duplicate line.
 */
async function withLockFile(file: string, work: () => Promise<void>): Promise<void> {
  const lock = `${file}.lock`;
  let held = false;
  for (let attempt = 1; attempt <= LOCK_ATTEMPTS && !held; attempt++) {
    try {
      await (await open(lock, 'wx')).close();
      held = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(LOCK_DELAY_MS);
    }
  }
  try {
    await work();
  } finally {
    if (held) await rm(lock, { force: true });
  }
}

async function addLineOnce(file: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const present = text.split(/\r?\n/).some((line) => line.trim() === EXCLUDE_LINE || line.trim() === `/${WORKTREES_DIRECTORY}`);
  if (present) return;
  await appendFile(file, `${text && !text.endsWith('\n') ? '\n' : ''}${EXCLUDE_LINE}\n`);
}

/**
 * Adds `/.codev-worktrees/` to `<commonDir>/info/exclude` unless it is there already, so the worktrees never
 * show in the user's `git status`. Tracked files such as `.gitignore` are left alone.
 */
export async function excludeWorktreesFolder(commonDir: string): Promise<void> {
  const file = path.join(commonDir, 'info', 'exclude');
  try {
    await runSerially(file, async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await withLockFile(file, () => addLineOnce(file));
    });
  } catch (error) {
    throw new CodevError('WORKTREE_FAILED', `could not add ${EXCLUDE_LINE} to ${file}: ${errorMessage(error)}`, {
      file,
      cause: error,
      hint: 'check that the .git folder is writable',
    });
  }
}
