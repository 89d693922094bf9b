import { readFileSync, realpathSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodevError, errorMessage } from '../../../errors/codev-error.ts';
import { isPathInside } from '../../../files/is-path-inside.ts';
import { removeLeftoverTempFiles } from '../../../files/temp-file-journal.ts';
import { INIT_HELP } from '../../help.ts';
import { parseCommandLine } from '../../parse-command-line.ts';
import type { CommandIo } from '../types.ts';
import { codevDependency, givenCodevDependency, type CodevDependency } from './codev-dependency.ts';
import { findCodevOrigin } from './find-codev-origin.ts';
import { initReport } from './init-report.ts';
import { planInit } from './plan-init.ts';
import { readUserFile } from './read-user-file.ts';
import { listTemplates, renderTemplate } from './render-template.ts';
import { writeInitPlan } from './write-init-plan.ts';

/** The root of the running codev package (the folder holding its package.json, bin/, src/, templates/). */
const CODEV_ROOT = realpathSync(fileURLToPath(new URL('../../../../', import.meta.url)));
const TEMPLATES_DIR = path.join(CODEV_ROOT, 'templates');
const DEFAULT_TEMPLATE = 'default';

/** The packages whose versions the generated project pins exactly as the running codev does. */
const PINNED = { zodVersion: 'zod', vitestVersion: 'vitest', viteVersion: 'vite', typescriptVersion: 'typescript', typesNodeVersion: '@types/node' } as const;

/**
 * `codev init [dir] [--template NAME] [--codev SPEC] [--force]`: writes a working project from `templates/NAME/`,
 * or adds what codev needs to a folder that has one already: the files it lacks, and the dependencies and
 * scripts its package.json lacks. A user's file is never changed, except package.json gaining entries and,
 * with --force, template files replaced after a backup. Everything is decided before anything is written.
 */
export async function initCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { template: { type: 'string', short: 't' }, codev: { type: 'string' }, force: { type: 'boolean', short: 'f' } });
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${positionals.slice(1).join(' ')}`, { hint: 'codev init [dir] [--template NAME] [--codev SPEC] [--force]' });
  const templateName = values.template ?? DEFAULT_TEMPLATE;
  const available = await listTemplates(TEMPLATES_DIR);
  if (!available.includes(templateName)) {
    throw new CodevError('CLI_USAGE', `--template ${templateName}: no such template`, { hint: `use one of: ${available.join(', ') || '(none installed)'}` });
  }
  const base = path.resolve(io.cwd, values.cwd ?? '.');
  const target = path.resolve(base, positionals[0] ?? '.');
  const given = values.codev === undefined ? undefined : givenCodevDependency({ spec: values.codev, target, cwd: base });
  const targetInfo = await lstat(target).catch(() => undefined);
  if (targetInfo && !targetInfo.isDirectory()) {
    io.stderr(`codev init: ${target} exists and is not a folder.\n`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(path.join(CODEV_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const codev = given ?? codevDependency({ origin: await findCodevOrigin({ root: CODEV_ROOT, version: String(manifest.version) }), target });
  const name = (await existingPackageName(target)) ?? packageName(path.basename(target));
  const templateFolder = path.join(TEMPLATES_DIR, templateName);
  const files = await renderTemplate(templateFolder, { name, codevDependency: codev.spec, ...pinnedVersions(manifest) });

  // A codev killed mid-write (kill -9) left its temp files in a folder, maybe this one: gone before init looks
  // here, even when init then has nothing to write (only a first write or a kernel cleans them otherwise).
  await removeLeftoverTempFiles();
  const plan = await planInit({ target, files, force: values.force === true });
  if (plan.blocked.length > 0) {
    io.stderr(`codev init: these paths in ${target} are in the way (a folder where a file goes, a file where a folder goes, or a link to a FIFO, a device or nowhere):\n${plan.blocked.map((file) => `  ${file}\n`).join('')}Nothing was written. Move them away and run codev init again.\n`);
    return 1;
  }
  try {
    await writeInitPlan(target, plan);
  } catch (error) {
    io.stderr(`codev init: ${errorMessage(error)}\nNothing was left written: the files written before the failure were removed (or put back from their backups), and package.json was not changed.\n`);
    return 1;
  }
  const relative = path.relative(io.cwd, target);
  const folder = relative === '' ? undefined : isPathInside(target, io.cwd) ? relative : target;
  // A project whose own `npm test` was kept runs the template's test with vitest itself.
  const test = plan.packageJson?.kept.some((entry) => entry.key === 'scripts.test') ? 'npx vitest run test' : 'npm test';
  // The offline try-out (no key needed) when the template has one and the user's own "try" script was not kept instead.
  const template = JSON.parse(files.find((file) => file.target === 'package.json')?.content ?? '{}') as { scripts?: Record<string, string> };
  const tryOut = template.scripts?.try !== undefined && !plan.packageJson?.kept.some((entry) => entry.key === 'scripts.try') ? ['npm run try'] : [];
  const steps = [...(folder ? [`cd ${shellQuote(folder)}`] : []), 'npm install', ...tryOut, test];
  io.stdout(initReport({ name, target, template: templateName, templateFolder, plan, codev, steps }));
  return 0;
}

/**
 * The versions codev itself is developed and tested with, for the placeholders of the template's package.json.
 * The published package.json has no devDependencies: scripts/pack.mjs keeps the template's in codevTemplateVersions.
 */
function pinnedVersions(manifest: Record<string, Record<string, string> | undefined>): Record<string, string> {
  const versionOf = (pkg: string) => {
    const version = manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg] ?? manifest.peerDependencies?.[pkg] ?? manifest.codevTemplateVersions?.[pkg];
    if (!version) throw new Error(`codev's package.json (${path.join(CODEV_ROOT, 'package.json')}) does not list ${pkg}, so the new project cannot pin it`);
    return version;
  };
  return Object.fromEntries(Object.entries(PINNED).map(([key, pkg]) => [key, versionOf(pkg)]));
}

/** The name in the folder's own package.json, when it has one that names it (a broken one is reported by planInit). */
async function existingPackageName(target: string): Promise<string | undefined> {
  try {
    const { name } = JSON.parse((await readUserFile(path.join(target, 'package.json'))) ?? '{}') as { name?: unknown };
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
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

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
