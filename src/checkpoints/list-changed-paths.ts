import { CODEV_STATE_PATHSPECS, isCodevStatePath } from './codev-state-paths.ts';
import { runCheckpointGit } from './run-checkpoint-git.ts';

/** What a recording looks at: the files that differ from the session's index, and the files it does not have. */
export interface ChangedPaths {
  /** In the index, and changed or gone on disk (by stat data, then content). */
  changed: string[];
  /** Not in the index and not ignored (nested repositories left out). */
  untracked: string[];
  /** In the index but left out by the ignore rules now (listed only when asked: `ignoredEntries`). */
  ignored: string[];
}

function splitNul(output: Buffer): string[] {
  const text = output.toString('utf8');
  return text === '' ? [] : text.split('\0').filter((name) => name !== '');
}

/**
 * `git diff-files` and `git ls-files -o` side by side: the recording's only scans of the root. With
 * `ignoredEntries`, also the index's entries the ignore rules now leave out (`ls-files -c -i`, no stat): git keeps
 * an entry however it is ignored since, so an index seeded from another session recorded before a rule was added
 * would carry the file into every checkpoint of the new one.
 */
export async function listChangedPaths(options: { store: string; root: string; index: string; excludesFile: string; ignoredEntries?: boolean; signal?: AbortSignal }): Promise<ChangedPaths> {
  const common = { store: options.store, root: options.root, index: options.index, excludesFile: options.excludesFile, signal: options.signal };
  const [changed, untracked, ignored] = await Promise.all([
    runCheckpointGit({ ...common, args: ['diff-files', '-z', '--name-only', '--no-renames', '--ignore-submodules=all', '--', ...CODEV_STATE_PATHSPECS] }),
    runCheckpointGit({ ...common, args: ['ls-files', '-z', '--others', '--exclude-standard', '--', ...CODEV_STATE_PATHSPECS] }),
    options.ignoredEntries ? runCheckpointGit({ ...common, args: ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard', '--', ...CODEV_STATE_PATHSPECS] }) : Buffer.alloc(0),
  ]);
  const ignoredNames = splitNul(ignored);
  const ignoredSet = new Set(ignoredNames);
  // A nested repository is listed as its folder, `name/`: it is the user's other repository, not a file of this one.
  return { changed: splitNul(changed).filter((name) => !ignoredSet.has(name)), untracked: splitNul(untracked).filter((name) => !name.endsWith('/') && !isCodevStatePath(name)), ignored: ignoredNames };
}
