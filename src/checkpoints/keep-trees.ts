import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionRefsFolder } from './store-layout.ts';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/**
 * Keeps `trees` for `sessionId` with one ref each, `refs/codev/sessions/<session>/<tree>`, written as loose ref
 * files (what `git update-ref` writes, without a process per ref); a tree already kept costs one `existsSync`.
 */
export async function keepTrees(options: { store: string; sessionId: string; trees: readonly string[] }): Promise<void> {
  const folder = sessionRefsFolder(options.store, options.sessionId);
  const missing = [...new Set(options.trees)].filter((tree) => tree !== EMPTY_TREE && !existsSync(path.join(folder, tree)));
  if (missing.length === 0) return;
  await mkdir(folder, { recursive: true });
  await Promise.all(
    missing.map(async (tree) => {
      const temporary = path.join(folder, `.${tree}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, `${tree}\n`);
      await rename(temporary, path.join(folder, tree));
    }),
  );
}
