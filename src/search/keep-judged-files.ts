import { realpath, stat } from 'node:fs/promises';
import { checkOpenedFile } from '../permissions/opened-file-checks.ts';
import type { CheckedPath, ToolContext } from '../tool/types.ts';

/**
 * The files of a search's results that are still what the permission decision judged: below the searched
 * folder as the decision resolved it (a folder swapped for a symlink while the search ran leads elsewhere),
 * and not another name (a hard link) of a file a Read deny rule covers. The others are dropped, 32 checked at
 * a time. Without a decision (`checkedPaths` unset) only the hard-link check applies.
 */
export async function keepJudgedFiles(context: ToolContext & { checkedPaths?: readonly CheckedPath[] }, files: readonly string[]): Promise<Set<string>> {
  const kept = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        const [real, stats] = await Promise.all([context.checkedPaths ? realpath(file) : undefined, stat(file)]);
        await checkOpenedFile({ context, requested: file, real: real ?? file, access: 'read', stats, below: true });
        kept.add(file);
      } catch {
        // Gone, swapped or denied: not shown.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(32, files.length) }, worker));
  return kept;
}
