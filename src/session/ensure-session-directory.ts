import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRECTORY_MODE } from './private-modes.ts';
import { currentSessionOwner, readSessionOwner, writeSessionOwner } from './session-owner.ts';

/**
 * Makes sure a session folder exists, private (0700, and so are the folders created on the way to it).
 * When this call creates it, it marks it as this process's (the owner marker), which is what lets it be
 * removed when its session ends, or by a later process once this one is gone. `owned` is true when the
 * folder carries this process's marker: a folder that was there before (a caller's own `sessionDirectory`)
 * is never codev's to remove.
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
  return { owned: true };
}
