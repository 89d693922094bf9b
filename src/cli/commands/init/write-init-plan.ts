import { constants } from 'node:fs';
import { copyFile, lstat, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../../files/write-file-atomic.ts';
import type { InitPlan } from './plan-init.ts';

/**
 * Carries out a plan all or nothing: the new files first, then the replaced ones (each copied to its backup
 * before), and the user's package.json last, so a crash at any point leaves it whole. Every file is written to
 * a temp file renamed over its place, so none is ever half-written; a new file that appeared meanwhile, or a
 * package.json changed since it was read, fails the write (FILE_CONFLICT). When a write fails, what was done
 * is undone (new files and folders removed, replaced files restored from their backups) and the error thrown.
 */
export async function writeInitPlan(target: string, plan: InitPlan): Promise<void> {
  const undo: (() => Promise<void>)[] = [];
  try {
    const folders = new Set<string>();
    for (const file of plan.create) for (const folder of await missingFolders(target, path.dirname(path.join(target, file.target)))) folders.add(folder);
    // Shallowest first, so that undone in reverse the deepest goes first, after the files in them.
    for (const folder of [...folders].sort((a, b) => a.length - b.length)) undo.push(() => rmdir(folder).catch(() => {}));
    // The new files are independent: written side by side, each undone once it is there, the first failure thrown.
    const created = await Promise.allSettled(
      plan.create.map(async (file) => {
        const destination = path.join(target, file.target);
        await writeFileAtomic(destination, file.content, { expected: 'missing' });
        undo.push(() => unlink(destination).catch(() => {}));
      }),
    );
    const failed = created.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const { file, backup } of plan.replace) {
      const destination = path.join(target, file.target);
      await copyFile(destination, backup, constants.COPYFILE_EXCL);
      undo.push(() => unlink(backup).catch(() => {}));
      await writeFileAtomic(destination, file.content);
      undo.push(() => rename(backup, destination).catch(() => {}));
    }
    const manifest = plan.packageJson;
    if (manifest && manifest.added.length > 0) await writeFileAtomic(path.join(target, 'package.json'), manifest.text, { expected: manifest.identity });
  } catch (error) {
    for (const step of undo.reverse()) await step();
    throw error;
  }
}

/** The folders from `folder` up to `target` that do not exist yet, deepest first (the order to remove them in). */
async function missingFolders(target: string, folder: string): Promise<string[]> {
  const missing: string[] = [];
  for (let current = folder; current.length >= target.length; current = path.dirname(current)) {
    if (await lstat(current).catch(() => undefined)) break;
    missing.push(current);
    if (current === target) break;
  }
  return missing;
}
