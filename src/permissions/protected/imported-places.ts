import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cachedByFile } from './cached-by-file.ts';
import { CODE_EXTENSIONS, moduleSpecifiersOf } from './module-specifiers.ts';
import { packageMapOf } from './package-map-of.ts';
import { findPackage, resolveModule, type ResolvedModule } from './resolve-module.ts';

/** At most this many files are read and this many packages listed per graph: a bound, not a budget. */
const MAX_FILES = 500;
const MAX_PACKAGES = 300;

/** What the code that loads from `entries` reaches: local files, and package folders in node_modules. */
export interface ImportedPlaces {
  files: string[];
  packages: string[];
}

/**
 * The static import graph of `entries` (the config, plugins, hook and MCP server scripts): every local file
 * they import, directly or through other local files, and every node_modules package they or those files
 * import (a `#` subpath import or the project's own name through the package.json field that maps it, protected too), with the packages those depend on (their package.json `dependencies`, `optionalDependencies` and
 * `peerDependencies`). Bounded (500 files, 300 packages); each file is cached until its inode, size or
 * times change, and a package's closure until one of its manifests does. Only code files (and entries
 * node runs by their shebang) are parsed; a shell script's own commands are not followed.
 */
export function importedPlacesOf(entries: readonly string[]): ImportedPlaces {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.resolve(entry)).filter((entry) => isCode(entry) || isNodeScript(entry));
  const seen = new Set(queue);
  for (let index = 0; index < queue.length && index < MAX_FILES; index += 1) {
    const file = queue[index]!;
    for (const resolved of specifiersOf(file).flatMap((specifier) => resolvedOf(specifier, file, files))) {
      if ('package' in resolved) {
        addPackage(resolved.package, packages);
        continue;
      }
      files.add(resolved.file);
      if (!seen.has(resolved.file) && isCode(resolved.file)) {
        seen.add(resolved.file);
        queue.push(resolved.file);
      }
    }
  }
  return { files: [...files], packages: [...packages] };
}

/**
 * What one specifier names: a `#` subpath import, or the project's own name, goes through the `imports` or
 * `exports` field of the package.json above the file, which is protected itself (a changed entry would
 * load another file).
 */
function resolvedOf(specifier: string, from: string, files: Set<string>): NonNullable<ResolvedModule>[] {
  const mapped = packageMapOf(specifier, from);
  if (!mapped) return [resolveModule(specifier, from)].filter((resolved) => resolved !== undefined);
  files.add(mapped.manifest);
  return mapped.targets.map((target) => resolveModule(target, mapped.manifest)).filter((resolved) => resolved !== undefined);
}

function addPackage(folder: string, packages: Set<string>): void {
  for (const found of packageClosure(folder)) {
    if (packages.size >= MAX_PACKAGES) return;
    packages.add(found);
  }
}

/** A package and what it depends on, with the signature of each manifest read (a change recomputes it). */
interface Closure {
  manifests: Map<string, string>;
  packages: string[];
}

const closures = new Map<string, Closure>();

/** `folder` and the packages it depends on, transitively, bounded; remembered until a manifest read changes. */
function packageClosure(folder: string): string[] {
  const hit = closures.get(folder);
  if (hit && [...hit.manifests].every(([manifest, signature]) => signatureOf(manifest) === signature)) return hit.packages;
  const manifests = new Map<string, string>();
  const packages = new Set<string>();
  const queue = [folder];
  while (queue.length > 0 && packages.size < MAX_PACKAGES) {
    const current = queue.shift()!;
    if (packages.has(current)) continue;
    packages.add(current);
    const manifest = path.join(current, 'package.json');
    manifests.set(manifest, signatureOf(manifest));
    for (const name of dependenciesOf(current)) {
      const found = findPackage(name, current);
      if (found && !packages.has(found)) queue.push(found);
      // A dependency installed later would change the closure: its place is watched as a manifest too.
      if (!found) manifests.set(path.join(current, 'node_modules', name, 'package.json'), '');
    }
  }
  if (closures.size >= MAX_CLOSURES) closures.clear();
  closures.set(folder, { manifests, packages: [...packages] });
  return [...packages];
}

const MAX_CLOSURES = 200;

/** Checked for every manifest of a closure on each decision: a missing one (a dependency not installed) must not throw, which costs ten times a stat. */
function signatureOf(file: string): string {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat ? `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}` : '';
  } catch {
    return '';
  }
}

function isCode(file: string): boolean {
  return CODE_EXTENSIONS.includes(path.extname(file));
}

/** A file without a code extension that node runs (`#!/usr/bin/env node`, a package's bin). */
function isNodeScript(file: string): boolean {
  return cachedByFile({ key: `shebang:${file}`, file, fallback: false, compute: () => /^#!.*\bnode\b/.test(readFileSync(file, 'utf8').slice(0, 200)) });
}

function specifiersOf(file: string): readonly string[] {
  return cachedByFile({ key: `imports:${file}`, file, compute: () => moduleSpecifiersOf(readFileSync(file, 'utf8')), fallback: [] });
}

function dependenciesOf(folder: string): readonly string[] {
  const file = path.join(folder, 'package.json');
  return cachedByFile({ key: `dependencies:${file}`, file, fallback: [], compute: () => {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) => {
      const value = manifest[field];
      return value !== null && typeof value === 'object' ? Object.keys(value) : [];
    });
  } });
}
