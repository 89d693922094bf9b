import { isPathInside } from '../files/is-path-inside.ts';
import { deniedInodes, type DeniedInodes } from './denied-inodes.ts';
import { matchingPathRule } from './matching-path-rule.ts';
import { realAnchorsOf } from './real-anchors-of.ts';
import { readDeniedNameOf } from './read-denied-name-of.ts';
import { readPathRules } from './read-path-rules.ts';
import type { ReadScope } from './read-scope.ts';

/** Whether a file may be read, and if not why: the rule that refuses it (as written), or the boundary it is past. */
export type ReadDecision = { behavior: 'allow' } | { behavior: 'refuse'; reason: string; rule?: string };

/** The table of the hard-link check (see `deniedInodes`), made once for the files decided together. */
export type DeniedInodesLookup = () => Promise<DeniedInodes>;

/**
 * The Read decision for a file already opened, made on what was opened: a Read deny or ask rule matching
 * the name it was opened by or the real path of the open file (nobody is asked here, so an ask refuses), a
 * file with several links whose inode is one a Read deny rule covers (a hard link to `.env` under another
 * name), and, when `roots` are given, a real path outside them. Bare `Read` rules are the Read tool's own and
 * are not applied.
 *
 * @example
 * const opened = await openRegularFile(file);
 * const decision = await readDecisionForFile({ scope, path: file, realPath: await realPathOfHandle(opened.handle, file), stats: opened.stats });
 */
export async function readDecisionForFile(options: {
  scope: ReadScope;
  /** The path as named: absolute, normalized. */
  path: string;
  /** The real path of the file that was opened. */
  realPath: string;
  /** The open file's identity and link count. */
  stats: { dev: number; ino: number; nlink: number };
  /** Where the real path must be; absent: anywhere. */
  roots?: readonly string[];
  /** A shared hard-link table, when several files are decided at once; else one is made when needed. */
  deniedInodes?: DeniedInodesLookup;
}): Promise<ReadDecision> {
  const { scope, realPath } = options;
  const rules = readPathRules(scope.permissionContext);
  const anchors = scope.anchors;
  const rule = matchingPathRule({ rules: [...rules.deny, ...rules.ask], variants: { lexical: options.path, real: realPath }, anchors, realAnchors: realAnchorsOf(anchors) });
  if (rule) return { behavior: 'refuse', rule: rule.text, reason: `refused by ${rule.text}${rule.behavior === 'ask' ? ' (an ask rule, and nobody is asked here)' : ''}` };
  if (options.roots && !options.roots.some((root) => isPathInside(realPath, root))) return { behavior: 'refuse', reason: `outside the project (it is ${realPath})` };
  const denied = await readDeniedNameOf({ stats: options.stats, deniedInodes: options.deniedInodes ?? (() => deniedInodes(scope)) });
  if (denied !== undefined) return { behavior: 'refuse', reason: `it is ${denied} under another name (a hard link), which a Read deny rule covers` };
  return { behavior: 'allow' };
}
