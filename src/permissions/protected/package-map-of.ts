import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { cachedByFile } from './cached-by-file.ts';

/** Served by codev itself to the config and plugins (the plugins layer's `hostModules`), never by the project's files. */
const HOST_SPECIFIERS = new Set(['codev', 'codev/plugin']);

/** What a specifier the project's own package.json maps: that package.json, and the targets it names. */
export interface PackageMapping {
  manifest: string;
  /** Absolute paths for `./` targets, bare package names as written. */
  targets: string[];
}

/**
 * What a specifier names through the nearest package.json above `from`, the way Node resolves it: a
 * subpath import (`#policy`, `#lib/x.js`) through its `imports` field, or the package's own name
 * (`victim/policy`, a self-reference) through its `exports` field; an exact key, or a `*` pattern with the
 * match put in the target's `*`, and every target of every condition. Undefined when the specifier is
 * neither. The manifest is returned even when no entry matches: an entry added to it later would load.
 */
export function packageMapOf(specifier: string, from: string): PackageMapping | undefined {
  const manifest = nearestManifest(path.dirname(from));
  if (!manifest) return undefined;
  const fields = fieldsOf(manifest);
  let map: Record<string, unknown>;
  let key: string;
  if (specifier.startsWith('#')) [map, key] = [fields.imports, specifier];
  else if (HOST_SPECIFIERS.has(specifier)) return undefined;
  else if (fields.name !== undefined && fields.exports !== undefined && (specifier === fields.name || specifier.startsWith(`${fields.name}/`))) [map, key] = [subpathsOf(fields.exports), `.${specifier.slice(fields.name.length)}`];
  else return undefined;
  const exact = map[key];
  const pattern = exact === undefined ? Object.keys(map).find((candidate) => matchOf(candidate, key) !== undefined) : undefined;
  const match = pattern === undefined ? '' : matchOf(pattern, key)!;
  const targets = stringsIn(exact ?? (pattern === undefined ? undefined : map[pattern])).map((target) => target.replaceAll('*', match));
  return { manifest, targets: targets.map((target) => (target.startsWith('./') ? path.resolve(path.dirname(manifest), target) : target)) };
}

/** `exports` as subpaths: a string or an object of conditions is the `.` entry. */
function subpathsOf(exports: unknown): Record<string, unknown> {
  if (exports !== null && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'))) return exports as Record<string, unknown>;
  return { '.': exports };
}

function matchOf(key: string, specifier: string): string | undefined {
  const star = key.indexOf('*');
  if (star === -1) return undefined;
  const [before, after] = [key.slice(0, star), key.slice(star + 1)];
  return specifier.length >= key.length - 1 && specifier.startsWith(before) && specifier.endsWith(after) ? specifier.slice(before.length, specifier.length - after.length) : undefined;
}

/** Every string in a target: a string, an array of targets, or an object of conditions. */
function stringsIn(target: unknown): string[] {
  if (typeof target === 'string') return [target];
  if (Array.isArray(target)) return target.flatMap(stringsIn);
  if (target !== null && typeof target === 'object') return Object.values(target).flatMap(stringsIn);
  return [];
}

interface Fields {
  name?: string;
  imports: Record<string, unknown>;
  exports?: unknown;
}

function fieldsOf(manifest: string): Fields {
  return cachedByFile({ key: `package-map:${manifest}`, file: manifest, fallback: { imports: {} }, compute: () => {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; imports?: unknown; exports?: unknown };
    return {
      ...(typeof parsed.name === 'string' ? { name: parsed.name } : {}),
      imports: parsed.imports !== null && typeof parsed.imports === 'object' ? (parsed.imports as Record<string, unknown>) : {},
      ...(parsed.exports !== undefined ? { exports: parsed.exports } : {}),
    };
  } });
}

function nearestManifest(directory: string): string | undefined {
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'package.json');
    if (lstatIfPresent(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}
