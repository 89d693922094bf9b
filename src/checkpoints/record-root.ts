import type { Stats } from 'node:fs';
import { lstat, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkpointFailed } from './checkpoint-failed.ts';
import { findUserExcludeFile } from './find-user-exclude-file.ts';
import { hashLargeFile, type LargeFileCache } from './hash-large-files.ts';
import { listChangedPaths } from './list-changed-paths.ts';
import { runCheckpointGit } from './run-checkpoint-git.ts';
import { indexFile } from './store-layout.ts';
import type { LargeFile, RootSnapshot } from './types.ts';

/** What one store remembers between recordings of a root (in this process). */
export interface RecordingMemory {
  largeFiles: LargeFileCache;
  /** The last tree written from each index file: when nothing changed, `write-tree` is not run again. */
  lastTrees: Map<string, string>;
}

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

const NUL = '\0';

/** True when every folder above `name` under `root` is a real folder, not a link (memoized per recording). */
function isUnderRealFolders(root: string, name: string, memo: Map<string, Promise<boolean>>): Promise<boolean> {
  const parent = path.posix.dirname(name);
  if (parent === '.') return Promise.resolve(true);
  let known = memo.get(parent);
  if (known === undefined) {
    known = isUnderRealFolders(root, parent, memo).then(async (above) => above && ((await lstat(path.join(root, parent)).catch(() => undefined))?.isDirectory() ?? false));
    memo.set(parent, known);
  }
  return known;
}

/**
 * Records one root into the session's index for it: the paths git lists as changed or new are looked at (files
 * over `maxFileBytes` are hashed aside, FIFOs, sockets and devices left out), the index updated, a tree written.
 */
export async function recordRoot(options: {
  store: string;
  sessionId: string;
  root: string;
  maxFileBytes: number;
  maxFiles: number;
  memory: RecordingMemory;
  signal?: AbortSignal;
}): Promise<RootSnapshot> {
  const { store, root, signal } = options;
  const rootStat = await lstat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) throw checkpointFailed(`Cannot record ${root}: it is not a folder.`, { file: root });
  const index = indexFile(store, options.sessionId, root);
  await mkdir(path.dirname(index), { recursive: true });
  // The session is the index's only writer: a lock left behind is from its own recording killed mid-way.
  await rm(`${index}.lock`, { force: true });
  const excludesFile = findUserExcludeFile(root);
  const git = { store, root, index, excludesFile, signal };
  const listed = await listChangedPaths(git);
  if ((await indexEntryCount(index)) + listed.untracked.length > options.maxFiles) {
    throw checkpointFailed(`Cannot record ${root}: it has more than ${options.maxFiles} files that are not ignored.`, {
      file: root,
      hint: 'Add the generated folders to .gitignore, or raise maxFiles.',
    });
  }
  const wasIndexed = new Set(listed.changed);
  const update: string[] = [];
  const forget: string[] = [];
  const large: LargeFile[] = [];
  const realFolders = new Map<string, Promise<boolean>>();
  const stats = await Promise.all(
    [...new Set([...listed.changed, ...listed.untracked])].map(async (name) => {
      // git lists no untracked path under a link; an indexed one whose folder became a link is gone for git.
      const reachable = !wasIndexed.has(name) || (await isUnderRealFolders(root, name, realFolders));
      return [name, reachable ? await lstat(path.join(root, name)).catch(() => undefined) : undefined] as const;
    }),
  );
  for (const [name, stat] of stats) {
    if (stat?.isSymbolicLink() || (stat?.isFile() && stat.size <= options.maxFileBytes)) update.push(name);
    else {
      if (stat?.isFile()) large.push(await hashLargeFile({ root, path: name, stat: stat as Stats, cache: options.memory.largeFiles }));
      // Gone, a folder now, a FIFO, socket or device, or over the cap: out of the index.
      if (wasIndexed.has(name)) forget.push(name);
    }
  }
  if (update.length > 0) await runCheckpointGit({ ...git, args: ['update-index', '--add', '--replace', '-z', '--stdin'], input: update.join(NUL) + NUL });
  if (forget.length > 0) await runCheckpointGit({ ...git, args: ['update-index', '--force-remove', '-z', '--stdin'], input: forget.join(NUL) + NUL });
  let tree = options.memory.lastTrees.get(index);
  if (tree === undefined || update.length > 0 || forget.length > 0) {
    tree = (await runCheckpointGit({ ...git, args: ['write-tree'] })).toString('utf8').trim();
    options.memory.lastTrees.set(index, tree);
  }
  large.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { root, tree, large };
}
