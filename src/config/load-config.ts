import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Loader } from 'cosmiconfig';
import { CodevError } from '../errors/codev-error.ts';
import { CONFIG_FILE_NAMES, configSearchDirectories } from '../files/codev-files.ts';
import { createPluginImporter, type PluginImporter } from '../plugins/create-plugin-importer.ts';
import { explainLoadError } from '../plugins/explain-load-error.ts';
import { loadErrorHint } from '../plugins/load-error-hint.ts';
import { type CodevConfig, configSchema } from './config-schema.ts';
import { findProjectRoot } from './find-project-root.ts';
import { validateConfig } from './validate-config.ts';

/** A loaded, validated config. */
export interface LoadedConfig {
  /** Defaults applied. */
  config: CodevConfig;
  /** The config file, absolute; undefined when none was found. */
  file?: string;
  /** The directory plugin paths are relative to: the config file's, else the project root, else `cwd`. */
  root: string;
  /** What the user should know: a `codev` key in a package.json, which is no longer read. */
  warnings?: string[];
}

/**
 * Finds and loads the codev config, searching from `cwd` upward and stopping at the project root (the
 * nearest directory with a package.json or .git), so a nested project never inherits its parent's config.
 * With no project root above `cwd`, only `cwd` is searched. JS and TS configs are imported with a
 * cache-less importer, so an edited config (or a file it imports) is seen on the next call.
 *
 * Rejects with `CONFIG_LOAD_FAILED` (file, line and column when known, and a hint) when the file cannot be
 * imported or parsed, `LOAD_TIMEOUT` when its import does not finish in time, and with one `CONFIG_INVALID`
 * listing every schema problem.
 */
export async function loadConfig(options: { cwd: string; importer?: PluginImporter }): Promise<LoadedConfig> {
  const cwd = path.resolve(options.cwd);
  const projectRoot = await findProjectRoot(cwd);
  // An importer made here ends its probe worker here; a caller's is the caller's to close.
  const own = options.importer ? undefined : createPluginImporter();
  let found: Awaited<ReturnType<typeof searchConfig>>;
  try {
    found = await searchConfig({ from: cwd, stopAt: projectRoot ?? cwd, importer: options.importer ?? own! });
  } finally {
    await own?.close();
  }
  const warnings = await packageJsonWarnings(configSearchDirectories(cwd, projectRoot ?? cwd));
  if (!found) return { config: validateConfig({ value: {} }), root: projectRoot ?? cwd, ...(warnings.length > 0 ? { warnings } : {}) };
  const config = validateConfig({ value: found.config, file: found.filepath });
  return { config, file: found.filepath, root: path.dirname(found.filepath), ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * A warning for each package.json with a `codev` key: codev does not read it (npm and other tools rewrite
 * package.json, and whatever can write it must not be able to change codev's permissions and plugins).
 */
async function packageJsonWarnings(directories: readonly string[]): Promise<string[]> {
  const warnings: string[] = [];
  for (const directory of directories) {
    const file = path.join(directory, 'package.json');
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      if (parsed !== null && typeof parsed === 'object' && 'codev' in parsed) {
        warnings.push(`${file} has a "codev" key, which codev does not read: move it to ${path.join(directory, 'codev.config.json')} (or codev.config.ts)`);
      }
    } catch {
      // No package.json, or not JSON: nothing to say here (npm reports broken ones).
    }
  }
  return warnings;
}

/**
 * The one config file of the search, loaded. Every config name in every searched folder is looked at
 * before anything is imported: two config files (`codev.config.ts` and a `.codevrc.mjs` beside it, or one
 * in a folder nearer the working directory) are a `CONFIG_INVALID` naming both, never a silent choice, so
 * a config file planted next to the real one can neither take over nor run.
 */
async function searchConfig(options: { from: string; stopAt: string; importer: PluginImporter }): Promise<{ config: unknown; filepath: string } | null> {
  const found: string[] = [];
  for (const directory of configSearchDirectories(options.from, options.stopAt)) {
    for (const name of CONFIG_FILE_NAMES) if (await isConfigFile(path.join(directory, name))) found.push(path.join(directory, name));
  }
  if (found.length === 0) return null;
  if (found.length > 1) {
    throw new CodevError('CONFIG_INVALID', `More than one config file: ${found.join(', ')}`, {
      file: found[1],
      hint: `keep one config file (codev reads ${found[0]}); remove or rename the others`,
    });
  }
  const importModule: Loader = (file) => importConfigModule(options.importer, file);
  // Loaded only when there is a config file to read.
  const { cosmiconfig } = await import('./cosmiconfig.ts');
  const explorer = cosmiconfig('codev', { searchStrategy: 'none', cache: false, loaders: { '.js': importModule, '.mjs': importModule, '.ts': importModule, '.mts': importModule } });
  try {
    return await explorer.load(found[0]!);
  } catch (error) {
    throw await loadFailure(error, path.dirname(found[0]!));
  }
}

/** A file with something in it (an empty file, or a folder with a config's name, is no config: cosmiconfig skips those too). */
async function isConfigFile(file: string): Promise<boolean> {
  try {
    const stats = await stat(file);
    return stats.isFile() && stats.size > 0;
  } catch {
    return false;
  }
}

async function importConfigModule(importer: PluginImporter, file: string): Promise<unknown> {
  const module = await importer.import<Record<string, unknown>>(file);
  if ('default' in module) return module.default;
  // CommonJS `module.exports = { ... }` has no default; anything else without one is a mistake.
  if (Object.keys(module).some((key) => key in configSchema().shape)) return module;
  throw new CodevError('CONFIG_INVALID', 'The config file has no default export', {
    file,
    hint: 'export default defineConfig({ ... })',
  });
}

async function loadFailure(error: unknown, directory: string): Promise<CodevError> {
  if (CodevError.isInstance(error) && (error.code === 'CONFIG_INVALID' || error.code === 'LOAD_TIMEOUT')) return error;
  const reported = (error as { filepath?: unknown } | null)?.filepath;
  const file = typeof reported === 'string' ? reported : directory;
  const explanation = await explainLoadError({ error, file });
  const importedBy = explanation.file === file ? '' : ` (imported by ${file})`;
  return new CodevError('CONFIG_LOAD_FAILED', `Cannot load the config: ${explanation.message}${importedBy}`, {
    file: explanation.file,
    line: explanation.line,
    column: explanation.column,
    hint: loadErrorHint({ explanation, subject: 'config' }),
    cause: error,
  });
}
