import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCheckpointGit } from './run-checkpoint-git.ts';
import { sessionRefsFolder } from './store-layout.ts';

/** git's empty tree, which every repository has without storing it. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const TREE_ID = /^[0-9a-f]{40}$/;

/** Which of `trees` the store holds (one `git cat-file --batch-check`). */
export async function storedTrees(store: string, trees: readonly string[]): Promise<Set<string>> {
  if (trees.length === 0) return new Set();
  const output = await runCheckpointGit({ store, args: ['cat-file', '--batch-check'], input: `${trees.join('\n')}\n` });
  return new Set(output.toString('utf8').split('\n').filter((line) => / tree \d+$/.test(line)).map((line) => line.split(' ')[0]!));
}

/**
 * Keeps `trees` for `sessionId` with one ref each, `refs/codev/sessions/<session>/<tree>`, written as loose ref
 * files (what `git update-ref` writes, without a process per ref); a tree already kept costs one `existsSync`.
 */
export async function keepTrees(options: { store: string; sessionId: string; trees: readonly string[]; justWritten?: boolean }): Promise<void> {
  const folder = sessionRefsFolder(options.store, options.sessionId);
  const missing = [...new Set(options.trees)].filter((tree) => TREE_ID.test(tree) && tree !== EMPTY_TREE && !existsSync(path.join(folder, tree)));
  if (missing.length === 0) return;
  // A ref to an object the store lacks would break every later prune: a tree not just written is checked first.
  const present = options.justWritten ? new Set(missing) : await storedTrees(options.store, missing);
  await mkdir(folder, { recursive: true });
  await Promise.all(
    missing.filter((tree) => present.has(tree)).map(async (tree) => {
      const temporary = path.join(folder, `.${tree}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, `${tree}\n`);
      await rename(temporary, path.join(folder, tree));
    }),
  );
}
