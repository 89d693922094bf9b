import path from 'node:path';
import { CONFIG_FILE_NAMES } from '../../files/codev-files.ts';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';

/** What makes a folder a project root (see `findProjectRoot`); a config file makes it the config's folder. */
const ROOT_MARKERS: readonly string[] = ['package.json', '.git', ...CONFIG_FILE_NAMES];

/**
 * Why a write below `workingDirectory` plants code that a later `codev` run there would load, or undefined:
 * - anything in a skill folder, `skills/<name>/…`, at any depth (`codev` run with its working directory
 *   above it loads it; a file directly in `skills/`, such as `src/skills/parse.ts`, is no skill);
 * - anything in a `plugins/` folder whose parent is, or can be, where codev looks for plugins: a folder
 *   with a package.json, `.git` or config file (a project root), or any folder when no project root is
 *   above the working directory (`unrooted`: codev then loads the plugins of its working directory);
 * - a package.json that makes a folder with a `plugins/` folder a project root.
 */
export function loadedFolderReason(target: string, workingDirectory: string, unrooted: boolean): string | undefined {
  const segments = path.relative(workingDirectory, target).split(path.sep);
  for (const [index, segment] of segments.entries()) {
    const folder = path.join(workingDirectory, ...segments.slice(0, index));
    const rest = segments.slice(index + 1);
    if (segment === 'skills' && !(rest.length === 1 && /^[^.].*\.[^.]+$/.test(rest[0]!))) return `${target} is in a skills folder (${path.join(folder, segment)}), which codev loads skills from when run above it`;
    if (segment === 'plugins' && (unrooted || index === 0 || isRoot(folder))) return `${target} is in a plugin folder (${path.join(folder, segment)}), which codev loads plugins from when run in ${folder}`;
  }
  if (segments.at(-1) === 'package.json' && !isRoot(path.dirname(target)) && lstatIfPresent(path.join(path.dirname(target), 'plugins'))) return `${target} would make ${path.dirname(target)} a project root, whose plugins/ folder codev loads`;
  return undefined;
}

/** Whether `folder` is a project root or a config's folder: codev run there loads its `plugins/`. */
export function isRoot(folder: string): boolean {
  return ROOT_MARKERS.some((marker) => lstatIfPresent(path.join(folder, marker)) !== undefined);
}

/**
 * Why one call's writes together plant plugins, or undefined: a package.json written into a folder that is
 * no root yet, and a file written below that folder's `plugins/` (each alone passes `loadedFolderReason`,
 * which looks at the disk as it is before the call).
 */
export function plantedRootReason(targets: readonly string[]): string | undefined {
  for (const manifest of targets.filter((target) => path.basename(target) === 'package.json')) {
    const plugins = path.join(path.dirname(manifest), 'plugins');
    const planted = targets.find((target) => target === plugins || target.startsWith(plugins + path.sep));
    if (planted) return `${manifest} and ${planted} together make ${path.dirname(manifest)} a project root with plugins`;
  }
  return undefined;
}
