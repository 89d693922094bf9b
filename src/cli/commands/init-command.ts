import { readFileSync, realpathSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodevError } from '../../errors/codev-error.ts';
import { isPathInside } from '../../files/is-path-inside.ts';
import { INIT_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import type { CommandIo } from './types.ts';
import { codevDependency } from './codev-dependency.ts';

/** The root of the running codev package (the folder holding its package.json, bin/, src/, templates/). */
const CODEV_ROOT = realpathSync(fileURLToPath(new URL('../../../', import.meta.url)));
const TEMPLATES_DIR = path.join(CODEV_ROOT, 'templates');
const DEFAULT_TEMPLATE = 'default';

/** The packages whose versions the generated project pins exactly as the running codev does. */
const PINNED = { zodVersion: 'zod', vitestVersion: 'vitest', viteVersion: 'vite', typescriptVersion: 'typescript', typesNodeVersion: '@types/node' } as const;

interface TemplateFile {
  /** Where it goes, relative to the target folder, with `/` separators. */
  target: string;
  content: string;
}

/**
 * `codev init [dir] [--template NAME] [--force]`: writes a working project from `templates/NAME/`.
 * Every file is rendered and every conflict found before anything is written, so a refused init writes nothing.
 */
export async function initCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { template: { type: 'string', short: 't' }, force: { type: 'boolean', short: 'f' } });
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${positionals.slice(1).join(' ')}`, { hint: 'codev init [dir] [--template NAME] [--force]' });
  const templateName = values.template ?? DEFAULT_TEMPLATE;
  const available = await listTemplates();
  if (!available.includes(templateName)) {
    throw new CodevError('CLI_USAGE', `Unknown template "${templateName}"`, { hint: `use one of: ${available.join(', ') || '(none installed)'}` });
  }
  const base = path.resolve(io.cwd, values.cwd ?? '.');
  const target = path.resolve(base, positionals[0] ?? '.');
  const targetInfo = await lstat(target).catch(() => undefined);
  if (targetInfo && !targetInfo.isDirectory()) {
    io.stderr(`codev init: ${target} exists and is not a folder.\n`);
    return 1;
  }
  const name = packageName(path.basename(target));
  const files = await renderTemplate(path.join(TEMPLATES_DIR, templateName), templateValues(name));

  const existing: string[] = [];
  const blocked: string[] = [];
  for (const file of files) {
    const info = await lstat(path.join(target, file.target)).catch(() => undefined);
    if (info) (info.isFile() || info.isSymbolicLink() ? existing : blocked).push(file.target);
    for (const folder of parentFolders(file.target)) {
      const parent = await lstat(path.join(target, folder)).catch(() => undefined);
      if (parent && !parent.isDirectory() && !blocked.includes(folder)) blocked.push(folder);
    }
  }
  if (blocked.length > 0) {
    io.stderr(`codev init: these paths in ${target} are in the way (a folder where a file goes, or a file where a folder goes):\n${list(blocked)}Nothing was written. Move them away and run codev init again.\n`);
    return 1;
  }
  if (existing.length > 0 && !values.force) {
    io.stderr(`codev init: ${existing.length === 1 ? 'this file already exists' : `these ${existing.length} files already exist`} in ${target}:\n${list(existing)}Nothing was written. Run with --force to overwrite ${existing.length === 1 ? 'it' : 'them'}, or choose another folder: codev init <dir>.\n`);
    return 1;
  }

  for (const file of files) {
    const destination = path.join(target, file.target);
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, file.content);
  }
  const relative = path.relative(io.cwd, target);
  const folder = relative === '' ? undefined : isPathInside(target, io.cwd) ? relative : target;
  const steps = [...(folder ? [`cd ${shellQuote(folder)}`] : []), 'npm install', 'npm test'];
  io.stdout(
    `Created ${name} in ${target} (template "${templateName}"):\n` +
      files.map((file) => `  ${file.target}${existing.includes(file.target) ? '  (overwritten)' : ''}\n`).join('') +
      `\nNext steps:\n${steps.map((step) => `  ${step}\n`).join('')}` +
      `\nREADME.md says what each file does. The agent (npm run agent) needs ANTHROPIC_API_KEY, or\nANTHROPIC_BASE_URL for an Anthropic-compatible server.\n`,
  );
  return 0;
}

/** The template folders shipped with the running codev. */
async function listTemplates(): Promise<string[]> {
  const entries = await readdir(TEMPLATES_DIR, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/**
 * What `{{key}}` placeholders become. The project depends on the running codev (a range of its version when
 * it is installed, a `file:` link to a clone: `codevDependency`), and pins the versions codev itself is
 * developed and tested with.
 */
function templateValues(name: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(CODEV_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const versionOf = (pkg: string) => {
    // The published package.json has no devDependencies: scripts/pack.mjs keeps the template's in codevTemplateVersions.
    const version = manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg] ?? manifest.peerDependencies?.[pkg] ?? manifest.codevTemplateVersions?.[pkg];
    if (!version) throw new Error(`codev's package.json (${path.join(CODEV_ROOT, 'package.json')}) does not list ${pkg}, so the new project cannot pin it`);
    return version;
  };
  const pins = Object.fromEntries(Object.entries(PINNED).map(([key, pkg]) => [key, versionOf(pkg)]));
  return { name, codevDependency: codevDependency({ root: CODEV_ROOT, version: String(manifest.version) }), ...pins };
}

/**
 * Reads every file of a template folder and fills in the placeholders. Only known keys are replaced, so
 * other `{{...}}` text (JSX, docs) survives; in `.json` files values are JSON-escaped. A file or folder
 * named `_name` is written as `.name` (npm would drop a `.gitignore` from the published package).
 */
async function renderTemplate(directory: string, values: Record<string, string>): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(directory, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const source = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(source);
      else if (entry.isFile()) {
        const raw = await readFile(path.join(directory, source), 'utf8');
        const escape = source.endsWith('.json') ? (value: string) => JSON.stringify(value).slice(1, -1) : (value: string) => value;
        const content = raw.replace(/\{\{(\w+)\}\}/g, (match, key: string) => (Object.hasOwn(values, key) ? escape(values[key]!) : match));
        files.push({ target: source.split('/').map((part) => part.replace(/^_/, '.')).join('/'), content });
      }
    }
  };
  await walk('');
  return files.sort((a, b) => a.target.localeCompare(b.target));
}

/** A valid npm package name from a folder name: lowercase, URL-safe, not starting with `.` or `_`. */
export function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._~-]+/, '')
    .replace(/-+$/, '')
    .slice(0, 214);
  return name === '' || name === 'node_modules' || name === 'favicon.ico' ? 'codev-project' : name;
}

function parentFolders(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

function list(paths: readonly string[]): string {
  return paths.map((file) => `  ${file}\n`).join('');
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
