import path from 'node:path';
import { checkpointFailed } from './checkpoint-failed.ts';

/** A separator of the platform's besides `/`: only Windows has one (elsewhere a backslash is a name's own byte). */
const OTHER_SEPARATOR = path.sep === '\\' ? '\\' : undefined;

/** True for a `/`-separated relative path with no empty, `.`, `..` or `.git` component: safe to join under a root. */
export function isSafeTreePath(name: string): boolean {
  if (name === '' || name.includes('\0') || (OTHER_SEPARATOR !== undefined && name.includes(OTHER_SEPARATOR)) || path.isAbsolute(name)) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}

/** `root` joined with a path read from a tree or a journal, after checking it cannot leave the root or reach a `.git`. */
export function resolveTreePath(root: string, name: string): string {
  if (!isSafeTreePath(name)) throw checkpointFailed(`Refusing the unsafe path ${JSON.stringify(name)} in a checkpoint of ${root}.`, { file: root });
  return path.join(root, ...name.split('/'));
}
