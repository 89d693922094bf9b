import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';

/** Package managers whose words after them name a package.json script (`npm run lint`, `npm test`, `pnpm lint`). */
const MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** Runners of a package's binary (`npx eslint`): the word after them is looked up in `node_modules/.bin`. */
const BIN_RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'exec', 'dlx']);

/**
 * A package.json a command runs scripts of, those scripts' command lines (with their pre/post scripts), and
 * the `node_modules/.bin` programs the command or the scripts start (`npx eslint`, a script `eslint .`).
 */
export interface PackageScriptsRun {
  manifest?: string;
  commands: string[];
  bins: string[];
}

/**
 * The package.json scripts a command line runs through a package manager: the nearest package.json at or
 * above `baseDirectory`, or the folder `--prefix`, `-C`, `--dir` or `--cwd` names (the one `npm run`
 * reads), and the scripts named by the words after the manager.
 * Undefined when no manager word is there. The manifest is returned even when no script matches: a
 * script added to it later would run.
 */
export function packageScriptsRun(words: readonly string[], baseDirectory: string): PackageScriptsRun | undefined {
  const clean = words.map((word) => word.replace(/["']/g, ''));
  const bins = clean.flatMap((word, index) => (BIN_RUNNERS.has(path.basename(word)) ? binOf(clean.slice(index + 1).find((next) => !next.startsWith('-')), baseDirectory) : []));
  const start = clean.findIndex((word) => MANAGERS.has(path.basename(word)));
  if (start === -1) return bins.length > 0 ? { commands: [], bins } : undefined;
  const directory = packageDirectoryOf(clean.slice(start + 1), baseDirectory);
  const manifest = nearestManifest(directory);
  if (!manifest) return { manifest: path.resolve(directory, 'package.json'), commands: [], bins };
  const scripts = scriptsOf(manifest);
  const names = clean.slice(start + 1).filter((word) => !word.startsWith('-'));
  const commands = names.flatMap((name) => [`pre${name}`, name, `post${name}`]).map((name) => scripts[name]).filter((command): command is string => typeof command === 'string');
  // The first word of each command of a script: a package's program when node_modules/.bin has it.
  const programs = commands.flatMap((command) => command.split(/[;&|()]+/).map((part) => part.trim().split(/\s+/)[0] ?? ''));
  return { manifest, commands, bins: [...bins, ...programs.flatMap((program) => binOf(program, path.dirname(manifest)))] };
}

/** Options that run the manager in another package's folder: npm's --prefix, pnpm's -C/--dir, yarn's --cwd. */
const DIRECTORY_OPTIONS = new Set(['--prefix', '-C', '--dir', '--cwd']);

/** The folder a manager's options move it to (`npm --prefix packages/app run lint`), else `baseDirectory`. */
function packageDirectoryOf(options: readonly string[], baseDirectory: string): string {
  for (const [index, word] of options.entries()) {
    const equals = word.indexOf('=');
    const [name, value] = equals === -1 ? [word, options[index + 1]] : [word.slice(0, equals), word.slice(equals + 1)];
    if (DIRECTORY_OPTIONS.has(name) && value) return path.resolve(baseDirectory, value);
  }
  return baseDirectory;
}

/** `node_modules/.bin/<name>` in the nearest `node_modules` that has it, when it exists. */
function binOf(name: string | undefined, directory: string): string[] {
  if (!name || name.includes('/') || name.includes('$')) return [];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', '.bin', name);
    if (lstatIfPresent(candidate)) return [candidate];
    if (path.dirname(current) === current) return [];
  }
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
