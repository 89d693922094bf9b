import { statSync, type Stats } from 'node:fs';
import os from 'node:os';
import type { ToolContext } from '../tool/types.ts';
import { deniedInodesNow } from './check-readable-inode.ts';
import { inodeKey } from './denied-inodes.ts';
import type { PreparedCall, PreparedPath } from './prepare-call.ts';
import { protectedInodes } from './protected-inodes.ts';
import type { ProtectedPlace } from './protected-paths.ts';
import type { PermissionDecisionReason } from './types.ts';

/** What a call's hard links decide: a deny (a Read or Edit deny rule's file under another name) or an ask no mode settles. */
export type HardLinkVerdict = { behavior: 'deny' | 'ask'; reason: PermissionDecisionReason; message: string };

/** The files a call touches that have more than one name, with their stats. Synchronous: most calls have none and pay one stat per path. */
export function linkedFilesOf(call: PreparedCall): { entry: PreparedPath; stats: Stats }[] {
  const found: { entry: PreparedPath; stats: Stats }[] = [];
  for (const entry of call.paths) {
    const stats = statSync(entry.variants.real, { throwIfNoEntry: false });
    if (stats?.isFile() && stats.nlink > 1) found.push({ entry, stats });
  }
  return found;
}

/**
 * A file reached by another name (a hard link, same dev+ino) is that file, whatever the path rules say of
 * the name used: reading or writing another name of a file a Read deny rule covers, or writing another name
 * of one an Edit deny rule covers, is denied; writing another name of a protected file (a git hook, codev's
 * config…) asks, as writing the file itself does, and so does a write to a file with several names when the
 * protected places could not all be looked through.
 */
export async function hardLinkVerdict(options: {
  linked: readonly { entry: PreparedPath; stats: Stats }[];
  context: ToolContext & { homeDirectory?: string };
  protectedPlaces: readonly ProtectedPlace[];
  workingDirectories: readonly string[];
}): Promise<HardLinkVerdict | undefined> {
  const denied = await deniedInodesNow(options.context);
  for (const { entry, stats } of options.linked) {
    const key = inodeKey(stats);
    const covered = denied.read.get(key) ?? (entry.access === 'write' && entry.origin !== 'possible' ? denied.edit.get(key) : undefined);
    if (covered === undefined) continue;
    const reason = `${entry.path} is another name (a hard link) of ${covered}, which a ${denied.read.has(key) ? 'Read' : 'Edit'} deny rule covers`;
    // A word that only may name a file meets deny rules as an ask (see matchRules); so does its hard link.
    if (entry.origin === 'possible') return { behavior: 'ask', reason: { type: 'safetyCheck', reason }, message: `${reason}. Approve only if the command does not read it.` };
    return { behavior: 'deny', reason: { type: 'safetyCheck', reason }, message: `Permission denied: ${reason}.` };
  }
  const writes = options.linked.filter(({ entry }) => entry.access === 'write' && entry.origin !== 'possible');
  for (const { entry, stats } of writes) {
    const found = await protectedInodes({ places: options.protectedPlaces, home: options.context.homeDirectory ?? os.homedir(), workingDirectories: options.workingDirectories, dev: stats.dev });
    const covered = found.inodes.get(inodeKey(stats));
    if (covered === entry.variants.real) continue; // the protected path check already judged this very name
    const reason = covered
      ? `${entry.path} is another name (a hard link) of ${covered}, a protected file`
      : found.complete
        ? undefined
        : `${entry.path} has ${stats.nlink} names and the protected places are too large to rule out that one of them is protected`;
    if (reason) return { behavior: 'ask', reason: { type: 'safetyCheck', reason }, message: `${reason}. Writing it always needs approval.` };
  }
  return undefined;
}
