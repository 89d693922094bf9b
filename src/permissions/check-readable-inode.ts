import type { Stats } from 'node:fs';
import { CodevError } from '../errors/codev-error.ts';
import type { ToolContext } from '../tool/types.ts';
import { deniedInodes, type DeniedInodes } from './denied-inodes.ts';
import { readDeniedNameOf } from './read-denied-name-of.ts';
import { readScopeOf } from './read-scope.ts';

/** The parts of a tool-use context beyond ToolContext the anchors come from (present at run time). */
type Context = ToolContext & { homeDirectory?: string; projectRoot?: string };

// One look at the disk per call (a Grep opens many files): keyed by the call's own context object.
const perCall = new WeakMap<object, Promise<DeniedInodes>>();

/** {@link deniedInodes} for a tool-use context (see readScopeOf), as the disk is now. */
export function deniedInodesNow(context: Context): Promise<DeniedInodes> {
  return deniedInodes(readScopeOf(context));
}

/** {@link deniedInodesNow}, computed once per call: `context` must be the call's own (`call()` gets a fresh one), never the session's. */
function deniedInodesOfCall(context: Context): Promise<DeniedInodes> {
  let found = perCall.get(context);
  if (!found) perCall.set(context, (found = deniedInodesNow(context)));
  return found;
}

/**
 * Refuses (PERMISSION_DENIED) a file opened for reading that is another name, a hard link, of a file a Read
 * deny rule covers (see readDeniedNameOf): `notes.txt` linked to `.env` is `.env`. The disk is looked at
 * once per call (a Grep opens many): `context` is the one `call()` received.
 */
export async function checkReadableInode(options: { context: Context; requested: string; stats: Stats }): Promise<void> {
  const { context, requested, stats } = options;
  const covered = await readDeniedNameOf({ stats, deniedInodes: () => deniedInodesOfCall(context) });
  if (covered === undefined) return;
  throw new CodevError('PERMISSION_DENIED', `${requested} is another name (a hard link) of ${covered}, which a Read deny rule covers; it was not read.`, { file: requested });
}
