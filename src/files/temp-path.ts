import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * A fresh temp path beside `target`: `.<name>.<pid>.<12 hex>.tmp`. The pid in the name lets a later
 * process tell the leftovers of a dead one from the files of a live one.
 */
export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** True for a name `tempPathFor` gives in process `pid`, and only for such names. */
export function isTempPathOf(file: string, pid: number): boolean {
  return new RegExp(`^\\..+\\.${pid}\\.[0-9a-f]{12}\\.tmp$`).test(path.basename(file));
}
