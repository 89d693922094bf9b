import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
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
 * The codev dependency given with `--codev SPEC`: any npm spec (a version or range, `file:`, a tarball path, a
 * URL, a git URL), written as given, except a local path: typed on the command line, it is read from `cwd` (where
 * codev init runs, as `npm install PATH` reads it) and written relative to the project, where npm reads it
 * from; one that exists only seen from the project is kept as given, and one that exists from neither is said.
 * Only what could never be a spec is refused.
 */
export function givenCodevDependency(options: { spec: string; target: string; cwd?: string }): CodevDependency {
  const { spec, target } = options;
  if (spec.trim() === '' || /[\u0000-\u001f]/.test(spec) || spec.startsWith('-') || (/\s/.test(spec) && !LOCAL_PATH.test(spec) && !isRange(spec))) {
    throw new CodevError('CLI_USAGE', `--codev ${JSON.stringify(spec)} is not an npm dependency spec`, { field: '--codev', hint: 'e.g. --codev ^0.1.0, --codev file:../codev-0.1.0.tgz, --codev github:owner/codev' });
  }
  if (!LOCAL_PATH.test(spec)) return { spec, why: 'given with --codev' };
  const typed = spec.replace(/^file:/, '');
  const fromProject = path.resolve(target, typed);
  if (existsSync(fromProject)) return { spec, why: 'given with --codev' };
  const fromHere = options.cwd === undefined ? undefined : path.resolve(options.cwd, typed);
  if (fromHere !== undefined && existsSync(fromHere)) return { spec: fileSpec(fromHere, target), why: `given with --codev (${fromHere}, as the project's folder reads it)` };
  return { spec, why: `given with --codev (note: from the project's folder it names ${fromProject}, which does not exist)` };
}
