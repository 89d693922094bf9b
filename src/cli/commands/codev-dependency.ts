import path from 'node:path';

/**
 * What a new project's package.json names as its codev: a semver range of the running version when this
 * codev is an installed package (inside a `node_modules`, e.g. run through `npx`: its folder is a cache
 * that moves and disappears), and a `file:` link to this checkout when it runs from a clone, where no
 * published version need exist.
 */
export function codevDependency(options: { root: string; version: string }): string {
  if (options.root.split(path.sep).includes('node_modules')) return `^${options.version}`;
  return `file:${options.root.split(path.sep).join('/')}`;
}
