import { open, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { LINK_MODE, type PathSide } from './path-change.ts';

/** The temporary name a restore writes `file` under, beside it (same folder, so the rename is atomic). */
export function temporaryNameFor(file: string, journalId: string): string {
  return path.join(path.dirname(file), `.${path.basename(file).slice(0, 200)}.codev-restore-${journalId}`);
}

/**
 * Replaces `file` whole with `side`'s content: written to a temporary name beside it (a link made as a link,
 * a file with 0644 or 0755 less the umask, as git checks files out), then renamed over it, so a link at `file`
 * is replaced, never written through.
 */
export async function writeRestoredFile(options: { file: string; side: PathSide; content: Buffer; journalId: string }): Promise<void> {
  const temporary = temporaryNameFor(options.file, options.journalId);
  await rm(temporary, { force: true });
  try {
    if (options.side.mode === LINK_MODE) {
      await symlink(options.content, Buffer.from(temporary));
    } else {
      // 'wx': never opens something already there (a link planted at the temporary name is not followed).
      const handle = await open(temporary, 'wx', options.side.mode === '100755' ? 0o777 : 0o666);
      try {
        await handle.writeFile(options.content);
      } finally {
        await handle.close();
      }
    }
    await rename(temporary, options.file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
