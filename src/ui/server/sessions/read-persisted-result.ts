import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import { isPathInside } from '../../../files/is-path-inside.ts';
import { openRegularFile } from '../../../files/open-regular-file.ts';
import { readUpTo } from '../../../files/read-up-to.ts';
import { realPathOfHandle } from '../../../files/real-path-of-handle.ts';

/**
 * Reads a large result a session saved to a file, only when that file is a regular file of the session's
 * own folder (`<sessionsDirectory>/<id>/`): the path a transcript names is not trusted (a hostile one names
 * /etc/passwd or another project). `PERMISSION_DENIED` for a path outside the folder (by `..`, absolute
 * elsewhere, another session's folder, or a link on the way, judged by where the opened descriptor really
 * is, so a link swapped in after the check reads nothing) or with several names (a hard link);
 * `FILE_NOT_REGULAR` for a link, FIFO, device or directory. At most `maxBytes` are read.
 */
export async function readPersistedResult(options: { sessionsDirectory: string; id: string; persistedPath: string; maxBytes: number }): Promise<Buffer> {
  const { sessionsDirectory, id, persistedPath, maxBytes } = options;
  const folder = path.join(sessionsDirectory, id);
  const refuse = (why: string) => new CodevError('PERMISSION_DENIED', `The saved result ${persistedPath} is not read: ${why}`, { file: persistedPath, hint: `codev ui reads saved results only inside the session's own folder ${folder}` });
  if (!path.isAbsolute(persistedPath) || path.normalize(persistedPath) !== persistedPath || persistedPath.split(path.sep).includes('..')) throw refuse('not a plain absolute path');
  if (!isPathInside(persistedPath, folder) || persistedPath === folder) throw refuse('outside the session\'s folder');
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(persistedPath, { followLinks: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CodevError('SESSION_NOT_FOUND', `The saved result ${persistedPath} is gone`, { file: persistedPath });
    throw error;
  }
  if (!opened.ok) throw new CodevError('FILE_NOT_REGULAR', `The saved result ${persistedPath} is a ${opened.type}, not a regular file`, { file: persistedPath });
  const { handle, stats } = opened;
  try {
    const [real, realFolder] = await Promise.all([realPathOfHandle(handle, persistedPath), realpath(sessionsDirectory).then((directory) => path.join(directory, id), () => undefined)]);
    if (real === undefined || realFolder === undefined || !isPathInside(real, realFolder)) throw refuse('it is not inside the session\'s folder (a link on its way)');
    if (stats.nlink > 1) throw refuse('it has other names (a hard link)');
    return await readUpTo(handle, maxBytes, stats.size);
  } finally {
    await handle.close();
  }
}
