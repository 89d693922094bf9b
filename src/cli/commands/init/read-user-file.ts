import { openRegularFile } from '../../../files/open-regular-file.ts';

/**
 * The text of a file in the user's folder, read only if it is a regular file (through links): undefined for a
 * FIFO, a device, a socket or a folder, which codev init must never read (/dev/zero never ends, a FIFO waits
 * for a writer). The kind is checked on the handle that is read, so a file swapped meanwhile cannot slip in.
 * Errors of the open itself (ENOENT, EACCES...) are thrown.
 */
export async function readUserFile(file: string): Promise<string | undefined> {
  const opened = await openRegularFile(file);
  if (!opened.ok) return undefined;
  try {
    return await opened.handle.readFile('utf8');
  } finally {
    await opened.handle.close();
  }
}
