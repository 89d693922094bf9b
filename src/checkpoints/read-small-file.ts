import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** Past this, a settings or ignore file is not one: left unread. */
const MAX_BYTES = 16 * 1024 * 1024;
/** O_NONBLOCK: opening a FIFO with no writer returns at once (then refused as not a file) instead of waiting for one. */
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The text of a small regular file codev reads itself (the store's settings and journals, a `.git` file, ignore
 * files): undefined when it is missing, or is a FIFO, socket or device (whose read would wait for a writer
 * forever or never end), or is larger than 16 MiB.
 */
export async function readSmallFile(file: string): Promise<string | undefined> {
  const handle = await open(file, FLAGS).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const stat = await handle.stat();
    return stat.isFile() && stat.size <= MAX_BYTES ? (await handle.readFile()).toString('utf8') : undefined;
  } finally {
    await handle.close();
  }
}

/** {@link readSmallFile}, synchronously. */
export function readSmallFileSync(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(descriptor);
    return stat.isFile() && stat.size <= MAX_BYTES ? readFileSync(descriptor, 'utf8') : undefined;
  } finally {
    closeSync(descriptor);
  }
}
