import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../errors/codev-error.ts';

/**
 * The folder under the repository root that holds agent worktrees. Not under `.codev/`: codev protects every
 * path with a `.codev` segment, so each write of the agent would ask.
 */
export const WORKTREES_FOLDER = '.codev-worktrees';
const EXCLUDE_LINE = `/${WORKTREES_FOLDER}/`;

/** One queue per exclude file, so concurrent creations in one process add the line once. */
const queues = new Map<string, Promise<void>>();

async function addLineOnce(file: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const present = text.split(/\r?\n/).some((line) => line.trim() === EXCLUDE_LINE || line.trim() === `/${WORKTREES_FOLDER}`);
  if (present) return;
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${text && !text.endsWith('\n') ? '\n' : ''}${EXCLUDE_LINE}\n`);
}

/**
 * Adds `/.codev-worktrees/` to `<commonDir>/info/exclude` unless it is there already, so the worktrees never
 * show in the user's `git status`. Tracked files such as `.gitignore` are left alone.
 */
export async function excludeWorktreesFolder(commonDir: string): Promise<void> {
  const file = path.join(commonDir, 'info', 'exclude');
  const run = (queues.get(file) ?? Promise.resolve()).then(() => addLineOnce(file));
  const settled = run.catch(() => undefined);
  queues.set(file, settled);
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file);
  });
  try {
    await run;
  } catch (error) {
    throw new CodevError('WORKTREE_FAILED', `could not add ${EXCLUDE_LINE} to ${file}: ${errorMessage(error)}`, {
      file,
      cause: error,
      hint: 'check that the .git folder is writable',
    });
  }
}
