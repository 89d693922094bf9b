import type { Stats } from 'node:fs';
import type { CheckedPath, ToolContext } from '../tool/types.ts';
import { checkOpenedPath } from './check-opened-path.ts';
import { checkReadableInode } from './check-readable-inode.ts';

/** The parts of a call's context the checks read (`checkedPaths` is set by the call pipeline). */
type CallContext = ToolContext & { checkedPaths?: readonly CheckedPath[] };

/**
 * The one check every file tool (Read, Write, Edit, Grep, Glob) runs on what it opened, before a byte is
 * read or written: the descriptor's real path is what the permission decision judged (checkOpenedPath), and
 * a file read is not another name (a hard link) of a file a Read deny rule covers (checkReadableInode).
 * Throws a CodevError (PATH_CHANGED, PERMISSION_DENIED) to refuse.
 */
export async function checkOpenedFile(options: { context: CallContext; requested: string; real: string | undefined; access: 'read' | 'write'; stats?: Stats; below?: boolean }): Promise<void> {
  const { context, requested, real } = options;
  checkOpenedPath({ checkedPaths: context.checkedPaths, requested, real, below: options.below });
  if (options.access === 'read' && options.stats) await checkReadableInode({ context, requested, stats: options.stats });
}

/** {@link checkOpenedFile} as the callbacks of loadTextFile (`checkOpened`) and writeFileAtomic (`checkPlace`). */
export function openedFileChecks(context: CallContext, requested: string) {
  return {
    checkOpened: (real: string | undefined, stats: Stats) => checkOpenedFile({ context, requested, real, access: 'read', stats }),
    checkPlace: (real: string | undefined) => checkOpenedFile({ context, requested, real, access: 'write' }),
  };
}
