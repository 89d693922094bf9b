import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recordingStorePath } from './recording-store.ts';

/** What a checkout's last checkpoint was made of, kept in its recording store (out of the agent's reach). */
export interface LastCheckpoint {
  commit: string;
  tree: string;
  /** The checkout's `HEAD` then (the agent's): a `HEAD` the agent moved since joins the next checkpoint as a parent. */
  head: string | undefined;
}

const lastFile = (checkout: string) => path.join(recordingStorePath(checkout), 'codev-last-checkpoint.json');

/** The checkout's last checkpoint, when this attempt made one. */
export async function readLastCheckpoint(checkout: string): Promise<LastCheckpoint | undefined> {
  const text = await readFile(lastFile(checkout), 'utf8').catch(() => undefined);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as LastCheckpoint);
  } catch {
    // Cut short by a crash: the next checkpoint goes on from HEAD, as the first one does.
    return undefined;
  }
}

/** Keeps `last` as the checkout's last checkpoint. */
export async function writeLastCheckpoint(checkout: string, last: LastCheckpoint): Promise<void> {
  await writeFile(lastFile(checkout), JSON.stringify(last));
}
