import path from 'node:path';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { renameHook } from '../hooks/define-hook.ts';
import { definePermissionRule } from '../permissions/define-permission-rule.ts';
import type { ToolSource } from '../tool/types.ts';
import { collectContributions, type Contributions } from './collect-contributions.ts';
import { defaultPluginLogger, type Disposer } from './create-plugin-context.ts';
import { createPluginImporter, loadTimeoutFromEnvironment, type PluginImporter } from './create-plugin-importer.ts';
import { explainLoadError, type LoadErrorExplanation } from './explain-load-error.ts';
import { loadErrorHint } from './load-error-hint.ts';
import { PLUGIN_EXPORT_HINT, pickPluginExport } from './pick-plugin-export.ts';
import { entryKind } from './resolve-plugin-path.ts';
import { runPluginSetups } from './run-plugin-setups.ts';
import type { LoadedPlugin, PluginLogger, PluginSource } from './types.ts';

/**
 * Loads one plugin: imports the file with a cache-less jiti (so edits are seen), picks the export that is
 * the plugin, runs its `setup(ctx)`, names its hooks and rule sets `<plugin>:<name or index>` and records
 * where each tool came from in `toolSources`.
 *
 * Rejects with a CodevError, never anything else: `PLUGIN_LOAD_FAILED` when the file is missing, does not
 * parse, imports something that does not resolve, throws while imported or throws in setup (with file,
 * line, column and a hint); `PLUGIN_INVALID` when what it exports or returns is not a plugin; `LOAD_TIMEOUT`
 * when its import or a `setup()` does not finish within the importer's `timeoutMs`.
 */
export async function loadPlugin(options: { source: PluginSource; cwd: string; importer?: PluginImporter; logger?: PluginLogger }): Promise<LoadedPlugin> {
  const { source } = options;
  const logger = options.logger ?? defaultPluginLogger;
  const contributions =
    source.kind === 'inline'
      ? readExports(source.file, () => collectContributions({ value: source.plugin, label: 'inline plugin', fallbackName: source.plugin.name, file: source.file }))
      : await importContributionsOnce(source.file, options.importer);
  const disposers: Disposer[] = [];
  const dispose = onceDisposer({ disposers, logger, pluginName: contributions.name });
  try {
    await runPluginSetups({ contributions, disposers, cwd: options.cwd, logger, file: source.file, timeoutMs: options.importer?.timeoutMs ?? loadTimeoutFromEnvironment() });
    return finish({ contributions, source, dispose });
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** With the caller's importer, or with one made for this file and closed after it (its probe worker ends). */
async function importContributionsOnce(file: string, importer: PluginImporter | undefined): Promise<Contributions> {
  if (importer) return importContributions(file, importer);
  const own = createPluginImporter();
  try {
    return await importContributions(file, own);
  } finally {
    await own.close();
  }
}

async function importContributions(file: string, importer: PluginImporter): Promise<Contributions> {
  const kind = await entryKind(file);
  if (kind !== 'file') {
    const problem = kind === 'directory' ? `Plugin folder has no index.ts, index.mts, index.cts, index.js, index.mjs or index.cjs: ${file}` : `Plugin file not found: ${file}`;
    throw new CodevError('PLUGIN_LOAD_FAILED', problem, {
      file,
      plugin: file,
      hint: 'check the path in the config\'s `plugins` (paths are relative to the config file), or create the file',
    });
  }
  let module: unknown;
  try {
    module = await importer.import(file);
  } catch (error) {
    if (CodevError.isInstance(error) && error.code === 'LOAD_TIMEOUT') throw error;
    const explanation = await explainLoadError({ error, file });
    if (CodevError.isInstance(error)) throw definitionFailure({ error, explanation, file });
    const importedBy = explanation.file === file ? '' : ` (imported by ${file})`;
    throw new CodevError('PLUGIN_LOAD_FAILED', `${explanation.message}${importedBy}`, {
      file: explanation.file,
      line: explanation.line,
      column: explanation.column,
      plugin: file,
      hint: loadErrorHint({ explanation, subject: 'plugin' }),
      cause: error,
    });
  }
  return readExports(file, () => {
    const picked = pickPluginExport({ module, file });
    return collectContributions({ value: picked.value, label: picked.label, fallbackName: nameFromFile(file), file });
  });
}

/** What a plugin exports, read: a getter or a Proxy that throws while it is read makes it no plugin (PLUGIN_INVALID), never a bare Error. */
function readExports(file: string | undefined, read: () => Contributions): Contributions {
  try {
    return read();
  } catch (error) {
    if (CodevError.isInstance(error)) throw error;
    throw new CodevError('PLUGIN_INVALID', `Reading what the plugin exports threw: ${errorMessage(error)}`, { file, plugin: file, hint: PLUGIN_EXPORT_HINT, cause: error });
  }
}

/** A codev API (buildTool, definePlugin, ...) rejected a definition while the file was evaluated. */
function definitionFailure(options: { error: CodevError; explanation: LoadErrorExplanation; file: string }): CodevError {
  const { error, explanation } = options;
  return new CodevError('PLUGIN_INVALID', `${error.code}: ${error.message}`, {
    file: explanation.file,
    line: explanation.line,
    column: explanation.column,
    plugin: options.file,
    tool: error.tool,
    field: error.field,
    hint: error.hint,
    cause: error,
  });
}

function finish(options: { contributions: Contributions; source: PluginSource; dispose: () => Promise<void> }): LoadedPlugin {
  const { contributions, source } = options;
  const { name } = contributions;
  const toolSource: ToolSource = source.file ? { type: 'plugin', file: source.file, plugin: name } : { type: 'inline' };
  const toolSources = new Map<string, ToolSource>();
  for (const tool of contributions.tools) {
    if (toolSources.has(tool.name)) {
      throw new CodevError('PLUGIN_INVALID', `Plugin "${name}" contributes two tools named "${tool.name}"`, {
        file: source.file,
        plugin: source.file ?? name,
        tool: tool.name,
        hint: 'give each tool a unique name',
      });
    }
    toolSources.set(tool.name, toolSource);
  }
  return {
    id: source.kind === 'file' ? source.file : `inline:${name}`,
    name,
    file: source.file,
    tools: [...contributions.tools],
    toolSources,
    hooks: contributions.hooks.map((hook, index) => renameHook(hook, `${name}:${hook.name === `${hook.event}(${hook.matcher})` ? index : hook.name}`)),
    ruleSets: contributions.ruleSets.map((ruleSet, index) =>
      definePermissionRule({ ...ruleSet, name: `${name}:${ruleSet.name === 'rules' || ruleSet.name === 'default' ? index : ruleSet.name}` }),
    ),
    dispose: options.dispose,
  };
}

/** `plugins/deploy.ts` → `deploy`; `plugins/deploy/index.ts` → `deploy`. */
function nameFromFile(file: string): string {
  const base = path.basename(file, path.extname(file));
  return base === 'index' ? path.basename(path.dirname(file)) : base;
}

function onceDisposer(options: { disposers: Disposer[]; logger: PluginLogger; pluginName: string }): () => Promise<void> {
  let done = false;
  return async function dispose() {
    if (done) return;
    done = true;
    for (const disposer of options.disposers.splice(0).reverse()) {
      try {
        await disposer();
      } catch (error) {
        options.logger({ level: 'warn', plugin: options.pluginName, message: `a disposer failed: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  };
}
