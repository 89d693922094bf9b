import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';

/** Package managers whose words after them name a package.json script (`npm run lint`, `npm test`, `pnpm lint`). */
const MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** A package.json a command runs scripts of, and those scripts' command lines (with their pre/post scripts). */
export interface PackageScriptsRun {
  manifest: string;
  commands: string[];
}

/**
 * The package.json scripts a command line runs through a package manager: the nearest package.json at or
 * above `baseDirectory` (the one `npm run` reads) and the scripts named by the words after the manager.
 * Undefined when no manager word is there. The manifest is returned even when no script matches: a
 * script added to it later would run.
 */
export function packageScriptsRun(words: readonly string[], baseDirectory: string): PackageScriptsRun | undefined {
  const start = words.findIndex((word) => MANAGERS.has(path.basename(word.replace(/["']/g, ''))));
  if (start === -1) return undefined;
  const manifest = nearestManifest(baseDirectory);
  if (!manifest) return { manifest: path.resolve(baseDirectory, 'package.json'), commands: [] };
  const scripts = scriptsOf(manifest);
  const names = words.slice(start + 1).map((word) => word.replace(/["']/g, '')).filter((word) => !word.startsWith('-'));
  const commands = names.flatMap((name) => [`pre${name}`, name, `post${name}`]).map((name) => scripts[name]).filter((command): command is string => typeof command === 'string');
  return { manifest, commands };
}

function nearestManifest(directory: string): string | undefined {
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'package.json');
    if (lstatIfPresent(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

function scriptsOf(manifest: string): Record<string, unknown> {
  if (!lstatIfPresent(manifest)?.isFile()) return {};
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: unknown };
    return parsed.scripts !== null && typeof parsed.scripts === 'object' ? (parsed.scripts as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
