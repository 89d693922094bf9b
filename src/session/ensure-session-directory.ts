import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from './private-modes.ts';
import { currentSessionOwner, readSessionOwner, writeSessionOwner } from './session-owner.ts';

/**
 * Makes sure a session folder exists, private (0700, and so are the folders created on the way to it).
 * When this call creates it, it marks it as this process's (the owner marker), which is what lets it be
 * removed when its session ends, or by a later process once this one is gone. `owned` is true when the
 * folder carries this process's marker: a folder that was there before (a caller's own `sessionDirectory`)
 * is never codev's to remove. A folder it creates ignores itself in git (a `.gitignore` of `*`).
 */
export async function ensureSessionDirectory(sessionDirectory: string): Promise<{ owned: boolean }> {
  await mkdir(path.dirname(sessionDirectory), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    await mkdir(sessionDirectory, { mode: PRIVATE_DIRECTORY_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = await readSessionOwner(sessionDirectory);
    return { owned: owner !== undefined && owner.token === currentSessionOwner().token };
  }
  await writeSessionOwner(sessionDirectory);
  // A session inside a project (`.codev/sessions/<id>`) must not show in `git status` nor be committed.
  await writeFile(path.join(sessionDirectory, '.gitignore'), '*\n', { mode: PRIVATE_FILE_MODE }).catch(() => {});
  return { owned: true };
}
