import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import type { CodevOrigin } from './find-codev-origin.ts';

/** A new project's codev dependency, and a sentence saying why it is that one. */
export interface CodevDependency {
  spec: string;
  why: string;
}

/** How many `..` a relative `file:` path may climb before an absolute one reads better (and survives a move of the project alone). */
const NEAR = 2;

/**
 * What a project in `target` names as its codev: the same source the running codev was installed from, so
 * `npm install` finds it before codev is on a registry. A checkout or a tarball on this machine is linked
 * with `file:` (relative when it is near `target`, absolute otherwise); a registry install is a range of
 * its version; any other recorded spec (a URL) is kept as it is.
 */
export function codevDependency(options: { origin: CodevOrigin; target: string }): CodevDependency {
  const { origin } = options;
  switch (origin.kind) {
    case 'checkout':
      return { spec: fileSpec(origin.path, options.target), why: `the running codev is the checkout ${origin.path}` };
    case 'file':
      return { spec: fileSpec(origin.path, options.target), why: `the running codev was installed from ${origin.path} (${origin.lockFile})` };
    case 'registry':
      return { spec: `^${origin.version}`, why: `the running codev ${origin.version} was installed from a registry (${origin.lockFile})` };
    case 'other':
      return { spec: origin.spec, why: `the running codev was installed from it (${origin.lockFile})` };
    case 'unknown':
      return { spec: `^${origin.version}`, why: `the running codev ${origin.version} is installed, and no lock file says from where` };
  }
}

/** `file:` and a path to `source` with `/` separators: relative to `target` when near it, else absolute. */
export function fileSpec(source: string, target: string): string {
  const relative = path.relative(target, source);
  const climbs = relative.split(path.sep).filter((part) => part === '..').length;
  const near = relative !== '' && !path.isAbsolute(relative) && climbs <= NEAR;
  return `file:${(near ? relative : source).split(path.sep).join('/')}`;
}

/** A spec npm reads as a path on this machine: its folders' names may hold spaces. */
const LOCAL_PATH = /^(file:|\.{1,2}\/|\/|~\/)/;
/** One word of a semver range: a comparator (`>=0.1.0`, `^1.x`, `1.0.0-beta.1`), `||`, or the `-` of `1.0.0 - 2.0.0`. */
const RANGE_WORD = /^(\|\||-|[<>=^~]*v?[\dxX*]+(\.[\dxX*]+){0,2}(-[\w.]+)?(\+[\w.]+)?)$/;

/** Whether a spec with spaces is a semver range npm reads (`>=0.1.0 <0.2.0`, `^0.1.0 || ^0.2.0`). */
function isRange(spec: string): boolean {
  return spec.trim().split(/\s+/).every((word) => RANGE_WORD.test(word));
}

/**
 * The codev dependency given with `--codev SPEC`, written as it is: any npm spec (a version or range, `file:`,
 * a tarball path, a URL, a git URL). Only what could never be one is refused; a local path that does not exist
 * seen from `target` is said (npm reads it from there).
 */
export function givenCodevDependency(spec: string, target: string): CodevDependency {
  if (spec.trim() === '' || /[\u0000-\u001f]/.test(spec) || spec.startsWith('-') || (/\s/.test(spec) && !LOCAL_PATH.test(spec) && !isRange(spec))) {
    throw new CodevError('CLI_USAGE', `--codev ${JSON.stringify(spec)} is not an npm dependency spec`, { field: '--codev', hint: 'e.g. --codev ^0.1.0, --codev file:../codev-0.1.0.tgz, --codev github:owner/codev' });
  }
  // npm reads a local path in package.json from the project's folder, not from where codev init ran.
  const local = LOCAL_PATH.test(spec) ? path.resolve(target, spec.replace(/^file:/, '')) : undefined;
  if (local !== undefined && !existsSync(local)) return { spec, why: `given with --codev (note: from the project's folder it names ${local}, which does not exist)` };
  return { spec, why: 'given with --codev' };
}
