import { runCheckpointGit } from './run-checkpoint-git.ts';

/** The contents of `oids` from the store, with one `git cat-file --batch`; an id the store lacks is left out. */
export async function readBlobs(options: { store: string; oids: readonly string[]; signal?: AbortSignal }): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(options.oids)];
  const blobs = new Map<string, Buffer>();
  if (wanted.length === 0) return blobs;
  const output = await runCheckpointGit({ store: options.store, args: ['cat-file', '--batch'], input: `${wanted.join('\n')}\n`, signal: options.signal });
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf(0x0a, at);
    if (end < 0) break;
    const [oid, type, size] = output.toString('utf8', at, end).split(' ');
    at = end + 1;
    if (type === 'missing' || size === undefined) continue;
    const length = Number(size);
    if (type === 'blob') blobs.set(oid!, output.subarray(at, at + length));
    at += length + 1;
  }
  return blobs;
}

/** The sizes of those of `oids` the store has as blobs, with one `git cat-file --batch-check`. */
export async function storedBlobs(options: { store: string; oids: readonly string[]; signal?: AbortSignal }): Promise<Map<string, number>> {
  const wanted = [...new Set(options.oids)];
  const present = new Map<string, number>();
  if (wanted.length === 0) return present;
  const output = await runCheckpointGit({ store: options.store, args: ['cat-file', '--batch-check'], input: `${wanted.join('\n')}\n`, signal: options.signal });
  for (const line of output.toString('utf8').split('\n')) {
    const [oid, type, size] = line.split(' ');
    if (type === 'blob') present.set(oid!, Number(size));
  }
  return present;
}
