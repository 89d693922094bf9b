import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isPathInside } from '../files/is-path-inside.ts';
import { CODEV_CONFIG_FILES, PROJECT_SKILLS_FOLDER, RC_FILES } from '../permissions/protected-paths.ts';

/** Names protected in every writable directory, whether or not they exist (creation is blocked too). */
export const PROTECTED_NAMES: readonly string[] = ['.codev', '.claude', PROJECT_SKILLS_FOLDER, ...CODEV_CONFIG_FILES, '.codevrc', '.codevrc.json'];

/** Names protected only when they exist (rc files and editor folders: blocking their creation would litter). */
export const PROTECTED_EXISTING_NAMES: readonly string[] = [...RC_FILES, '.vscode', '.idea', '.husky'];

/**
 * The paths a sandboxed command may not change inside the writable directories: codev's config, rc files,
 * the plugin directories, the scripts hooks run, the `skills` folder (a skill's allowed-tools are granted while it runs), and `.git` — its `config` and `hooks` when the repository exists (so commits still
 * work), the whole name when it does not (so no repository with hooks can be planted).
 */
export function findProtectedPaths(options: {
  writableDirectories: readonly string[];
  pluginDirectories?: readonly string[];
  hookFiles?: readonly string[];
}): { path: string; exists: boolean }[] {
  const found: { path: string; exists: boolean }[] = [];
  const add = (target: string, always: boolean) => {
    const exists = pathExists(target);
    if (exists || always) found.push({ path: target, exists });
  };
  for (const directory of options.writableDirectories) {
    const git = path.join(directory, '.git');
    if (isDirectory(git)) {
      add(path.join(git, 'config'), true);
      add(path.join(git, 'hooks'), true);
    } else add(git, true);
    for (const name of PROTECTED_NAMES) add(path.join(directory, name), true);
    for (const name of PROTECTED_EXISTING_NAMES) add(path.join(directory, name), false);
  }
  for (const directory of options.pluginDirectories ?? []) {
    const inside = options.writableDirectories.some((writable) => isPathInside(directory, writable));
    if (inside) add(directory, false);
  }
  // A missing script is blocked too (the model could create it), when its folder exists for the placeholder.
  for (const file of options.hookFiles ?? []) {
    // Only files: a folder named in the command (`cd "$CODEV_PROJECT_DIR" && ...`) stays writable.
    if (isDirectory(file) || !options.writableDirectories.some((writable) => isPathInside(file, writable) && file !== writable)) continue;
    add(file, isDirectory(path.dirname(file)));
  }
  return found;
}

function pathExists(target: string): boolean {
  try {
    lstatSync(target);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(target: string): boolean {
  try {
    return lstatSync(target).isDirectory();
  } catch {
    return false;
  }
}
