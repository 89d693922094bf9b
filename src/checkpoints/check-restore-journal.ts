import path from 'node:path';
import { checkpointFailed } from './checkpoint-failed.ts';
import { LINK_MODE, type PathSide } from './path-change.ts';
import type { RestoreJournal, RestoreOperation } from './restore-journal.ts';
import { isSafeTreePath } from './resolve-tree-path.ts';

const JOURNAL_ID = /^[0-9a-f]{16}$/;
const OBJECT_ID = /^[0-9a-f]{40}$/;
const MODES = new Set(['100644', '100755', LINK_MODE]);

function isSide(value: unknown): value is PathSide | undefined {
  if (value === undefined) return true;
  const side = value as Partial<PathSide> | null;
  return typeof side === 'object' && side !== null && MODES.has(side.mode as string) && OBJECT_ID.test(side.oid as string) && typeof side.large === 'boolean';
}

function isOperation(value: unknown): value is RestoreOperation {
  const operation = value as Partial<RestoreOperation> | null;
  return (
    typeof operation === 'object' && operation !== null &&
    typeof operation.root === 'string' && path.isAbsolute(operation.root) && path.normalize(operation.root) === operation.root &&
    typeof operation.path === 'string' && isSafeTreePath(operation.path) &&
    isSide(operation.from) && isSide(operation.to) && (operation.from !== undefined || operation.to !== undefined)
  );
}

/**
 * The folder a project's store belongs to (`<project>/.codev/checkpoints`), whose folders a journal may name as
 * roots without the caller vouching for them; none for a store elsewhere.
 */
function projectOf(store: string): string | undefined {
  return path.basename(store) === 'checkpoints' && path.basename(path.dirname(store)) === '.codev' ? path.dirname(path.dirname(store)) : undefined;
}

const isAtOrUnder = (folder: string, parent: string): boolean => folder === parent || folder.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** Where a root may not be: inside a `.git` folder (hooks, config) or inside the store itself. */
function isForbiddenRoot(root: string, store: string): boolean {
  return root.split(path.sep).some((part) => part.toLowerCase() === '.git') || isAtOrUnder(root, store);
}

/**
 * Parses a journal read from the store, where anyone who can run a command in the project can write: it is an
 * instruction file. Anything codev would not have written (a journal id that is not one — it names the temporary
 * files a recovery removes —, a root that is relative or in a `.git` folder, an unsafe path, a mode or id that is
 * not git's) is `CHECKPOINT_FAILED`. `trusted` tells whether every root is one the caller vouches for (`roots`)
 * or is in the store's project folder: a journal naming another root is finished only by a caller that names it.
 */
export function checkRestoreJournal(options: { store: string; file: string; text: string; roots?: readonly string[] }): { journal: RestoreJournal; trusted: boolean } {
  const refuse = (why: string) =>
    checkpointFailed(`The restore journal ${options.file} is not one codev wrote (${why}): nothing was done with it.`, {
      file: options.file,
      hint: 'Remove the file if no restore of this session was cut short; a planted journal could have written outside the project.',
    });
  let journal: Partial<RestoreJournal>;
  try {
    journal = JSON.parse(options.text) as Partial<RestoreJournal>;
  } catch {
    throw refuse('not JSON');
  }
  if (typeof journal !== 'object' || journal === null || journal.version !== 1) throw refuse('unknown version');
  if (typeof journal.id !== 'string' || !JOURNAL_ID.test(journal.id)) throw refuse('not a journal id');
  if (!Array.isArray(journal.operations) || !journal.operations.every(isOperation)) throw refuse('an operation that is not one');
  if (journal.operations.some((operation) => isForbiddenRoot(operation.root, options.store))) throw refuse('a root inside .git or the store');
  const project = projectOf(options.store);
  const vouched = new Set(options.roots ?? []);
  const trusted = journal.operations.every((operation) => vouched.has(operation.root) || (project !== undefined && isAtOrUnder(operation.root, project)));
  return { journal: journal as RestoreJournal, trusted };
}
