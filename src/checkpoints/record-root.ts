import { access, mkdir, open, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkpointFailed } from './checkpoint-failed.ts';
import { classifyListedPaths } from './classify-listed-paths.ts';
import type { LargeFileCache } from './hash-large-files.ts';
import { listChangedPaths } from './list-changed-paths.ts';
import { runCheckpointGit } from './run-checkpoint-git.ts';
import { seedSessionIndex } from './seed-session-index.ts';
import { indexFile } from './store-layout.ts';
import type { RootSnapshot } from './types.ts';
import { writeRootExcludes } from './write-root-excludes.ts';

/** What one store remembers between recordings of a root (in this process). */
export interface RecordingMemory {
  largeFiles: LargeFileCache;
  /**
   * The last tree written from each index file, with the index's stat data then: when nothing changed and the
   * index is still that file (no other writer since), `write-tree` is not run again.
   */
  lastTrees: Map<string, { tree: string; identity: string }>;
}

const NUL = '\0';
/**
 * What git says of an index file that was cut or mixed (two writers, a full disk), or that names objects the
 * store no longer has (a recording cut after update-index whose objects were pruned since, objects removed):
 * it is rebuilt from the files.
 */
const BROKEN_INDEX = /index file (corrupt|smaller than expected|open failed)|bad signature|bad index (file|version)|index uses .* extension|cache entry has null sha1|invalid (path|object) .* in (the )?index|invalid object [0-7]+ [0-9a-f]+ for|error building trees|unordered stage entries/i;

async function indexEntryCount(index: string): Promise<number> {
  const handle = await open(index, 'r').catch(() => undefined);
  if (!handle) return 0;
  try {
    const header = Buffer.alloc(12);
    const { bytesRead } = await handle.read(header, 0, 12, 0);
    return bytesRead === 12 && header.toString('latin1', 0, 4) === 'DIRC' ? header.readUInt32BE(8) : 0;
  } finally {
    await handle.close();
  }
}

async function identityOf(file: string): Promise<string> {
  const found = await stat(file).catch(() => undefined);
  return found ? `${found.ino}:${found.size}:${found.mtimeMs}` : 'none';
}

interface RecordRootOptions {
  store: string;
  sessionId: string;
  root: string;
  maxFileBytes: number;
  maxFiles: number;
  memory: RecordingMemory;
  signal?: AbortSignal;
}

async function recordIntoIndex(options: RecordRootOptions, index: string, ignoredEntries: boolean): Promise<RootSnapshot> {
  const { store, root, signal } = options;
  // The session is the index's only writer: a lock left behind is from its own recording killed mid-way.
  await rm(`${index}.lock`, { force: true });
  const excludesFile = await writeRootExcludes({ store, root });
  const git = { store, root, index, excludesFile, signal };
  const listed = await listChangedPaths({ ...git, ignoredEntries });
  if ((await indexEntryCount(index)) - listed.ignored.length + listed.untracked.length > options.maxFiles) {
    throw checkpointFailed(`Cannot record ${root}: it has more than ${options.maxFiles} files that are not ignored.`, {
      file: root,
      field: 'maxFiles',
      hint: 'Add the generated folders to .gitignore, or raise maxFiles.',
    });
  }
  const { update, forget, large } = await classifyListedPaths({ root, listed, maxFileBytes: options.maxFileBytes, cache: options.memory.largeFiles });
  forget.push(...listed.ignored);
  if (update.length > 0) await runCheckpointGit({ ...git, args: ['update-index', '--add', '--replace', '-z', '--stdin'], input: update.join(NUL) + NUL });
  if (forget.length > 0) await runCheckpointGit({ ...git, args: ['update-index', '--force-remove', '-z', '--stdin'], input: forget.join(NUL) + NUL });
  const last = options.memory.lastTrees.get(index);
  if (last !== undefined && update.length === 0 && forget.length === 0 && last.identity === (await identityOf(index))) return { root, tree: last.tree, large };
  const tree = (await runCheckpointGit({ ...git, args: ['write-tree'] })).toString('utf8').trim();
  options.memory.lastTrees.set(index, { tree, identity: await identityOf(index) });
  return { root, tree, large };
}

/**
 * Records one root into the session's index for it: the paths git lists as changed or new are looked at (files
 * over `maxFileBytes` are hashed aside, FIFOs, sockets and devices left out), the index updated, a tree written.
 * An index git finds broken is removed and the root recorded again from its files. A session's first recording
 * starts from the newest index another session has for the root (`seedSessionIndex`): only what changed since
 * is hashed.
 */
export async function recordRoot(options: RecordRootOptions): Promise<RootSnapshot> {
  // The root itself may be reached through a link (a symlinked home or /tmp): only what is under it is never followed.
  const rootStat = await stat(options.root).catch(() => undefined);
  if (!rootStat?.isDirectory()) throw checkpointFailed(`Cannot record ${options.root}: it is not a folder.`, { file: options.root });
  const realRoot = await realpath(options.root);
  const index = indexFile(options);
  await mkdir(path.dirname(index), { recursive: true });
  const seeded = !(await access(index).then(() => true, () => false)) && (await seedSessionIndex({ indexes: path.dirname(path.dirname(index)), sessionId: options.sessionId, index }));
  const again = async (): Promise<RootSnapshot> => {
    await rm(index, { force: true });
    options.memory.lastTrees.delete(index);
    return { ...(await recordIntoIndex(options, index, false)), realRoot };
  };
  let snapshot: RootSnapshot;
  try {
    // A seed is another session's index, which may hold files ignored since: a new session records none of them.
    // (A session's own index keeps a file ignored since, as git keeps a tracked file: its checkpoints go on with it.)
    snapshot = { ...(await recordIntoIndex(options, index, seeded)), realRoot };
  } catch (error) {
    // A seed that does not work (another session's index, from a store cut short) is dropped, as a broken index is.
    if (seeded || (error instanceof Error && BROKEN_INDEX.test(error.message))) return again();
    throw error;
  }
  // write-tree trusts a seed's cached trees: their objects must be in the store (a store emptied since keeps the index).
  if (seeded && !(await hasObject(options, snapshot.tree))) return again();
  return snapshot;
}

async function hasObject(options: RecordRootOptions, id: string): Promise<boolean> {
  return runCheckpointGit({ store: options.store, args: ['cat-file', '-e', id], signal: options.signal }).then(() => true, () => false);
}
