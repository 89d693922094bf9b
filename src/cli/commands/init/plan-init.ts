import { lstat, readdir, stat } from 'node:fs/promises';
import { CodevError } from '../../../errors/codev-error.ts';
import path from 'node:path';
import { fileIdentity, type FileIdentity } from '../../../files/file-identity.ts';
import { mergePackageJson, type PackageJsonMerge } from './merge-package-json.ts';
import { parsePackageJson } from './parse-package-json.ts';
import { readUserFile } from './read-user-file.ts';
import type { TemplateFile } from './render-template.ts';

/** Everything `codev init` will do in a folder, decided before anything is written. */
export interface InitPlan {
  /** Template files that do not exist yet. */
  create: TemplateFile[];
  /** Template files the user has with other content, left as they are. */
  skip: string[];
  /** Template files already there with the template's content. */
  unchanged: string[];
  /** Template files the user has that --force replaces, each kept first as `<file>.bak` (or `.bak2`…). */
  replace: { file: TemplateFile; backup: string }[];
  /** Paths where a file goes and a folder is (or the other way round): nothing can be written. */
  blocked: string[];
  /** The user's package.json merged with the template's (its text unchanged when nothing was missing). */
  packageJson?: PackageJsonMerge & { before: string; identity: FileIdentity };
  /**
   * A CommonJS package left so: why it did not get `"type": "module"`, and whether the tsconfig.json written
   * reads the .ts files as ES modules anyway (`written`) or the user's own is there (`yours`).
   */
  commonJs?: { reason: 'type-commonjs' | 'js-files'; tsconfig: 'written' | 'yours' };
}

/**
 * Compares the rendered template with the folder: a missing file is created, an existing one is kept (or,
 * with `force`, replaced after a backup), and an existing package.json gets only what it lacks. An invalid
 * package.json throws PACKAGE_JSON_INVALID before anything is written.
 */
export async function planInit(options: { target: string; files: readonly TemplateFile[]; force: boolean }): Promise<InitPlan> {
  const plan: InitPlan = { create: [], skip: [], unchanged: [], replace: [], blocked: [] };
  for (const file of options.files) {
    for (const folder of parentFolders(file.target)) {
      const parent = await lstat(path.join(options.target, folder)).catch(() => undefined);
      if (parent && !parent.isDirectory() && !plan.blocked.includes(folder)) plan.blocked.push(folder);
    }
    const info = await lstat(path.join(options.target, file.target)).catch(() => undefined);
    if (!info) plan.create.push(file);
    else if (!(await isRegularFile(path.join(options.target, file.target)))) plan.blocked.push(file.target);
    else if (file.target === 'package.json') plan.packageJson = await planPackageJson(options.target, file, plan);
    else if ((await readUserFile(path.join(options.target, file.target)).catch(() => undefined)) === file.content) plan.unchanged.push(file.target);
    else if (options.force) plan.replace.push({ file, backup: await freeBackupName(path.join(options.target, file.target)) });
    else plan.skip.push(file.target);
  }
  if (plan.commonJs) {
    const written = [...plan.create, ...plan.replace.map((entry) => entry.file)].find((file) => file.target === 'tsconfig.json');
    if (written) written.content = readAsEsModules(written.content);
    plan.commonJs.tsconfig = written ? 'written' : 'yours';
  }
  return plan;
}

/**
 * The template's tsconfig.json for a package that stays CommonJS: NodeNext would read its .ts files as CommonJS
 * (and refuse their imports), but only codev and vitest run them, as ES modules, which "preserve" describes.
 */
function readAsEsModules(tsconfig: string): string {
  const parsed = JSON.parse(tsconfig) as { compilerOptions?: Record<string, unknown> };
  parsed.compilerOptions = { ...parsed.compilerOptions, module: 'Preserve', moduleResolution: 'Bundler' };
  return `${JSON.stringify(parsed, null, 2)}\n`;
}

async function planPackageJson(target: string, file: TemplateFile, plan: InitPlan): Promise<InitPlan['packageJson']> {
  const manifestPath = path.join(target, 'package.json');
  const stats = await stat(manifestPath);
  const identity = fileIdentity(stats);
  const before = await readUserFile(manifestPath);
  if (before === undefined) throw new CodevError('FILE_NOT_REGULAR', `${manifestPath} is not a regular file`, { file: manifestPath, hint: 'replace it with a file, or move it away' });
  const template = parsePackageJson(file.content, 'the template package.json');
  const yours = parsePackageJson(before, manifestPath);
  // "type": "module" changes what every .js file of the package means: added only where no .js file is there to change.
  if (yours.type === 'commonjs') plan.commonJs = { reason: 'type-commonjs', tsconfig: 'yours' };
  else if (yours.type === undefined && (await hasJavaScriptFiles(target))) plan.commonJs = { reason: 'js-files', tsconfig: 'yours' };
  const addType = yours.type === undefined && plan.commonJs === undefined ? (template.type as string | undefined) : undefined;
  const merge = mergePackageJson({ text: before, file: manifestPath, template, addType });
  // No write bit for anyone: the user made it read-only, and npm could not write it either. Root could; codev does not.
  if (merge.added.length > 0 && (stats.mode & 0o222) === 0) {
    throw new CodevError('FILE_READ_ONLY', `${manifestPath} is read-only and lacks ${merge.added.join(', ')}; nothing was written`, { file: manifestPath, hint: `make it writable (chmod u+w ${manifestPath}) and run codev init again` });
  }
  return { ...merge, before, identity };
}

/** Whether the folder or its folders one level down (not node_modules, not hidden) hold a `.js` file. */
async function hasJavaScriptFiles(target: string): Promise<boolean> {
  const entries = await readdir(target, { withFileTypes: true });
  if (entries.some((entry) => entry.isFile() && entry.name.endsWith('.js'))) return true;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const inner = await readdir(path.join(target, entry.name), { withFileTypes: true }).catch(() => []);
    if (inner.some((child) => child.isFile() && child.name.endsWith('.js'))) return true;
  }
  return false;
}

/**
 * Whether the path is a regular file, through any links: a folder, or a link to a FIFO, a device or nowhere, is
 * in the way (reading /dev/zero never ends, a FIFO's read waits for a writer, a dangling link would be written through).
 */
async function isRegularFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

async function freeBackupName(file: string): Promise<string> {
  for (let index = 1; ; index += 1) {
    const candidate = `${file}.bak${index === 1 ? '' : index}`;
    if (!(await lstat(candidate).catch(() => undefined))) return candidate;
  }
}

function parentFolders(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
