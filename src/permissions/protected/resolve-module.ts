import { statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { CODE_EXTENSIONS } from './module-specifiers.ts';

/** What a specifier names: a local file (existing or not), a package folder in node_modules, or nothing codev protects. */
export type ResolvedModule = { file: string } | { package: string } | undefined;

/**
 * Resolves a specifier the way Node and TypeScript loaders do, closely enough to protect what would load:
 * a relative or absolute path to the file it names (trying the code extensions, `.js` written for a `.ts`
 * file, and `index.*` of a folder; the path itself when nothing exists yet, since a file planted there later
 * would load), a bare name to its package folder in the nearest `node_modules` above `from`. Built-in
 * modules and URLs are nothing.
 */
export function resolveModule(specifier: string, from: string): ResolvedModule {
  if (isBuiltin(specifier) || /^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('#')) return undefined;
  const directory = path.dirname(from);
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return { file: resolveFile(path.resolve(directory, specifier)) };
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const found = findPackage(name, directory);
  return found ? { package: found } : undefined;
}

/** The folder of package `name` in the nearest `node_modules` at or above `directory`. */
export function findPackage(name: string, directory: string): string | undefined {
  for (let current = directory; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name);
    if (lstatIfPresent(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

function resolveFile(base: string): string {
  const extension = path.extname(base);
  const stem = base.slice(0, base.length - extension.length);
  const candidates = [
    base,
    ...CODE_EXTENSIONS.map((candidate) => base + candidate),
    // TypeScript ESM: `./x.js` names `./x.ts`.
    ...({ '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] }[extension] ?? []).map((candidate) => stem + candidate),
    ...CODE_EXTENSIONS.map((candidate) => path.join(base, `index${candidate}`)),
  ];
  return candidates.find(isFile) ?? base;
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
