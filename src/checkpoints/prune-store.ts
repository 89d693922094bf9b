import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runCheckpointGit } from './run-checkpoint-git.ts';

const LOOSE_OBJECTS_WORTH_PACKING = 1000;
/** Or this many KiB of loose objects, however few: versions of one large generated file pack into deltas of each other. */
const LOOSE_KIB_WORTH_PACKING = 32 * 1024;

async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Frees the objects no ref keeps, older than an hour (a recording in flight writes its ref within that). */
export async function pruneStore(store: string): Promise<{ bytesBefore: number; bytesAfter: number }> {
  const objects = path.join(store, 'objects');
  const bytesBefore = await folderBytes(objects);
  await runCheckpointGit({ store, args: ['prune', '--expire=1.hour.ago'] });
  const counts = (await runCheckpointGit({ store, args: ['count-objects', '-v'] })).toString('utf8');
  // Packing pays once there are many loose objects (a pack and its index cost more than a few loose files).
  // Unreachable objects younger than an hour go to a cruft pack: a recording in flight may be reusing one.
  const loose = (name: string): number => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(counts)?.[1] ?? 0);
  if (loose('count') >= LOOSE_OBJECTS_WORTH_PACKING || loose('size') >= LOOSE_KIB_WORTH_PACKING) {
    await runCheckpointGit({ store, args: ['repack', '--cruft', '-d', '-q', '--cruft-expiration=1.hour.ago', '--no-write-bitmap-index'] });
    await runCheckpointGit({ store, args: ['prune-packed', '-q'] });
  }
  return { bytesBefore, bytesAfter: await folderBytes(objects) };
}
