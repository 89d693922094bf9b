import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { cachedByFile } from './cached-by-file.ts';

/** What a `#` specifier maps to: the package.json whose `imports` field maps it, and its targets. */
export interface PackageImport {
  manifest: string;
  /** Absolute paths for `./` targets, bare package names as written. */
  targets: string[];
}

/**
 * What a subpath import (`#policy`, `#lib/x.js`) names the way Node resolves it: the nearest package.json
 * above `from` and, in its `imports` field, the entry for the specifier (an exact key, or a `*` pattern
 * with the match put in the target's `*`), every target of every condition. The manifest is returned even
 * when no entry matches: an entry added to it later would load.
 */
export function packageImportOf(specifier: string, from: string): PackageImport | undefined {
  const manifest = nearestManifest(path.dirname(from));
  if (!manifest) return undefined;
  const imports = importsOf(manifest);
  const exact = imports[specifier];
  const pattern = exact === undefined ? Object.keys(imports).find((key) => matchOf(key, specifier) !== undefined) : undefined;
  const match = pattern === undefined ? '' : matchOf(pattern, specifier)!;
  const targets = stringsIn(exact ?? (pattern === undefined ? undefined : imports[pattern])).map((target) => target.replaceAll('*', match));
  return { manifest, targets: targets.map((target) => (target.startsWith('./') ? path.resolve(path.dirname(manifest), target) : target)) };
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

function importsOf(manifest: string): Record<string, unknown> {
  return cachedByFile({ key: `package-imports:${manifest}`, file: manifest, fallback: {}, compute: () => {
    const imports = (JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: unknown }).imports;
    return imports !== null && typeof imports === 'object' ? (imports as Record<string, unknown>) : {};
  } });
}

function nearestManifest(directory: string): string | undefined {
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'package.json');
    if (lstatIfPresent(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}
