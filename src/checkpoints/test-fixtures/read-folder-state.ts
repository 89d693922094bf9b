import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Test-only: every entry under `root` (folders, files with their exec bit and a hash of their bytes, links
 * with their target, never followed), `.git` and the names in `skip` left out, sorted, one string each.
 */
export function readFolderState(root: string, skip: readonly string[] = ['.git', '.codev']): string[] {
  const lines: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const relative = prefix + name;
      if (skip.includes(relative)) continue;
      const full = path.join(folder, name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) lines.push(`link ${JSON.stringify(relative)} -> ${JSON.stringify(readlinkSync(full))}`);
      else if (stat.isDirectory()) {
        lines.push(`dir ${JSON.stringify(relative)}`);
        if (name !== '.git') walk(full, `${relative}/`);
      } else if (stat.isFile()) {
        const hash = createHash('sha1').update(readFileSync(full)).digest('hex');
        lines.push(`file ${JSON.stringify(relative)} ${(stat.mode & 0o100) !== 0 ? 'exec' : 'plain'} ${stat.size} ${hash}`);
      } else lines.push(`other ${JSON.stringify(relative)}`);
    }
  };
  walk(root, '');
  return lines;
}
