import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runCheckpointGit } from './run-checkpoint-git.ts';

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
  await runCheckpointGit({ store, args: ['repack', '-a', '-d', '-q', '--no-write-bitmap-index'] });
  await runCheckpointGit({ store, args: ['prune-packed', '-q'] });
  return { bytesBefore, bytesAfter: await folderBytes(objects) };
}
