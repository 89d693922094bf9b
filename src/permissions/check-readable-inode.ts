import os from 'node:os';
import type { Stats } from 'node:fs';
import { CodevError } from '../errors/codev-error.ts';
import type { ToolContext } from '../tool/types.ts';
import { deniedInodes, inodeKey, type DeniedInodes } from './denied-inodes.ts';

/** The parts of a tool-use context beyond ToolContext the anchors come from (present at run time). */
type Context = ToolContext & { homeDirectory?: string; projectRoot?: string };

// One look at the disk per call (a Grep opens many files): keyed by the call's own context object.
const perCall = new WeakMap<object, Promise<DeniedInodes>>();

/** {@link deniedInodes} for a tool-use context, as the disk is now. */
export function deniedInodesNow(context: Context): Promise<DeniedInodes> {
  return deniedInodes({
    permissionContext: context.permissionContext,
    anchors: { cwd: context.cwd, root: context.projectRoot ?? context.cwd, home: context.homeDirectory ?? os.homedir() },
    workingDirectories: [context.cwd, ...context.permissionContext.additionalWorkingDirectories],
  });
}

/** {@link deniedInodesNow}, computed once per call: `context` must be the call's own (`call()` gets a fresh one), never the session's. */
function deniedInodesOfCall(context: Context): Promise<DeniedInodes> {
  let found = perCall.get(context);
  if (!found) perCall.set(context, (found = deniedInodesNow(context)));
  return found;
}

/**
 * Refuses (PERMISSION_DENIED) a file opened for reading that is another name, a hard link, of a file a Read
 * deny rule covers: `notes.txt` linked to `.env` is `.env`. Only files with more than one name are looked up,
 * once per call (a Grep opens many): `context` is the one `call()` received.
 */
export async function checkReadableInode(options: { context: Context; requested: string; stats: Stats }): Promise<void> {
  const { context, requested, stats } = options;
  if (stats.nlink < 2) return;
  const covered = (await deniedInodesOfCall(context)).read.get(inodeKey(stats));
  if (covered === undefined) return;
  throw new CodevError('PERMISSION_DENIED', `${requested} is another name (a hard link) of ${covered}, which a Read deny rule covers; it was not read.`, { file: requested });
}
