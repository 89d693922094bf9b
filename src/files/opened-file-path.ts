import { readlink, realpath, type FileHandle } from 'node:fs/promises';

/**
 * The real path of the file a handle has open, for a decision about what was really opened: on Linux the
 * kernel's own answer (`/proc/self/fd/N`), whatever the name it was opened by points to by now; elsewhere the
 * real path of that name, resolved just after the open. Undefined when it cannot be known (the file was
 * removed since, or the name no longer resolves): the caller must then refuse.
 */
export async function openedFilePath(handle: FileHandle, openedAs: string): Promise<string | undefined> {
  if (process.platform === 'linux') {
    try {
      const target = await readlink(`/proc/self/fd/${handle.fd}`);
      return target.startsWith('/') && !target.endsWith(' (deleted)') ? target : undefined;
    } catch {
      // No /proc (a container without it): the name's real path below.
    }
  }
  try {
    return await realpath(openedAs);
  } catch {
    return undefined;
  }
}
