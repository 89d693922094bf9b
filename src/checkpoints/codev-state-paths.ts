/**
 * codev's own state at the top of a root, never part of a checkpoint: a rewind must not take back the
 * permissions granted meanwhile (settings.local.json), nor touch the transcripts and the store.
 */
export const CODEV_STATE_PATHS = ['.codev/settings.local.json', '.codev/sessions', '.codev/checkpoints'] as const;

/** True for codev's state or a path under it (`/`-separated, relative to a root). */
export function isCodevStatePath(name: string): boolean {
  return CODEV_STATE_PATHS.some((state) => name === state || name.startsWith(`${state}/`));
}

/**
 * Pathspecs leaving codev's state out of a git listing: unlike ignore rules, no `.gitignore` negation can bring
 * it back in.
 */
export const CODEV_STATE_PATHSPECS: readonly string[] = ['.', ...CODEV_STATE_PATHS.map((state) => `:(top,exclude,literal)${state}`)];
