import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { refreshWithheld } from '../processes/command-environment.ts';
import { findProjectRoot } from '../config/find-project-root.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { ToolUseContext } from '../execution/types.ts';
import { createMcpManager, type McpManager } from '../mcp/create-mcp-manager.ts';
import { loadMcpConfig } from '../mcp/load-mcp-config.ts';
import { createPluginImporter } from '../plugins/create-plugin-importer.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import { bindToolUseContext } from './bind-tool-use-context.ts';
import { callTrackerOf } from './call-tracker.ts';
import { diffGenerations } from './diff-generations.ts';
import { createKernelEventBus } from './kernel-events.ts';
import { nextGeneration, type Attempt, type Changes, type KernelState, type SyncMcp } from './next-generation.ts';
import { createReloadQueue } from './reload-queue.ts';
import type { Generation, Kernel, KernelOptions, ReloadResult, ToolUseContextOptions } from './types.ts';
import { configSearchDirectories } from '../files/codev-files.ts';
import { removeLeftoverTempFiles } from '../files/temp-file-journal.ts';
import { removeLeftoverPlaceholders } from '../sandbox/placeholders.ts';
import { endUnheldSession } from '../session/hold-session.ts';
import { removeLeftoverSessions } from '../session/remove-leftover-sessions.ts';
import { createWatchPlan } from './watch-plan.ts';
import { watchProject, type ProjectWatcher } from './watch-project.ts';

export type { Generation, GenerationDiff, Kernel, KernelEvents, KernelOptions, ReloadResult } from './types.ts';

/** What to reload; `definitions`: a skill or agent file changed, so a new generation even when nothing else did. */
type KernelChanges = Changes & { definitions?: boolean };

const FULL_RELOAD: KernelChanges = { full: true, config: true, settings: true, paths: new Set() };
/** chokidar 4 throttles `change` per file to one per 50 ms (and drops the rest): never read sooner than that. */
const MIN_DEBOUNCE_MS = 50;

/**
 * Loads a project: the config (cosmiconfig + jiti), the local settings (`.codev/settings.local.json`),
 * the plugins and the MCP servers (`mcpServers` over `.mcp.json`), and composes them with the built-in tools
 * into one registry generation. Nothing that fails
 * to load stops the kernel: it is reported in `errors`, and when it may have carried rules, every call asks.
 * Rejects only when the config itself cannot be loaded (`CONFIG_LOAD_FAILED`, `CONFIG_INVALID`).
 *
 * Hot reload (`watch: true`, or `kernel.reload()`): each burst of saves builds a new generation (only the
 * changed plugins are re-imported) and swaps it in whole, then emits `reload` with what changed. Calls
 * already running keep their generation; a plugin that fails to reload keeps its last good version, and a
 * config that fails keeps the whole last generation (`reload-error`, with file and line). A plugin that
 * leaves the registry is disposed once, after the new generation is live and its running calls have ended.
 * A skill (`skills/<name>/SKILL.md`, also under `.codev/` and the plugin folders) or agent definition
 * (`agents/*.md`, `.codev/agents/*.md`) that is added, edited or removed makes a new generation too, with
 * the same registry and no plugin import, so sessions render the tool prompts again.
 */
export async function createKernel(options: KernelOptions = {}): Promise<Kernel> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const projectDirectory = path.resolve(options.projectDirectory ?? cwd);
  removeLeftoverPlaceholders();
  // A killed codev's temp files and write locks, in the background; close() waits for it (see leftoversRemoved).
  const tempFilesRemoved = removeLeftoverTempFiles().catch(() => undefined);
  const importer = createPluginImporter({ timeoutMs: options.loadTimeoutMs });
  const mcpManager = options.mcp === false ? undefined : await createMcpManager({ cwd: projectDirectory, ...options.mcp });
  const mcp = mcpManager && syncMcp(mcpManager);
  // The probe worker lives for one load: what a plugin's top level left running there ends with it.
  const first = await nextGeneration({ changes: FULL_RELOAD, cwd: projectDirectory, importer, kernelOptions: options, mcp })
    .catch(async (error: unknown) => {
      await mcpManager?.close();
      throw error;
    })
    .finally(() => importer.close());
  if (first.status !== 'built') throw new Error('The first load of a kernel always builds a generation');
  // The session folders a killed codev left in this project, in the background: only those of dead processes.
  // close() waits for it: a CLI command exits as soon as it is done, and would cut it short.
  const leftoversRemoved = removeLeftoverSessions({ directory: path.join(first.state.generation.root, '.codev', 'sessions') }).catch(() => []);
  let state: KernelState = first.state;
  let closed: Promise<void> | undefined;
  let watcher: ProjectWatcher | undefined;
  const events = createKernelEventBus();
  const retiring = new Set<LoadedPlugin>();
  const contextGenerations = new WeakMap<ToolUseContext, Generation>();
  // The sessions of the contexts made here: those no agent holds end with the kernel.
  const sessionDirectories = new Set<string>();
  const sessionId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;

  async function runReload(changes: KernelChanges): Promise<ReloadResult> {
    const previous = state;
    if (closed) return { ok: false, generation: previous.generation, errors: [] };
    let attempt: Attempt = await nextGeneration({ previous, changes, cwd: projectDirectory, importer, kernelOptions: options, mcp }).catch((error: unknown) => ({ status: 'failed' as const, errors: [unexpectedFailure(error)] }));
    await importer.close();
    if (attempt.status === 'unchanged' && changes.definitions) attempt = { status: 'built', state: renewed(previous), errors: [], loaded: [] };
    if (closed) {
      if (attempt.status === 'built') await Promise.all(attempt.loaded.map((plugin) => plugin.dispose()));
      return { ok: false, generation: previous.generation, errors: [] };
    }
    if (attempt.status === 'unchanged') return { ok: true, generation: previous.generation, diff: diffGenerations(previous.generation, previous.generation), errors: [] };
    if (attempt.status === 'failed') {
      events.emit('reload-error', { errors: attempt.errors, generation: previous.generation, kept: true });
      return { ok: false, generation: previous.generation, errors: attempt.errors };
    }
    state = attempt.state;
    const { generation } = state;
    const diff = diffGenerations(previous.generation, generation, { definitions: changes.definitions });
    await watcher?.update(watchPlanOf(state));
    events.emit('reload', { generation, previous: previous.generation, diff, errors: attempt.errors });
    if (attempt.errors.length > 0) events.emit('reload-error', { errors: attempt.errors, generation, kept: false });
    retire(previous, state);
    return { ok: true, generation, diff, errors: attempt.errors };
  }

  /** Disposes each plugin of `previous` that `next` no longer uses, once its running calls have ended. */
  function retire(previous: KernelState, next: KernelState): void {
    const inUse = new Set(next.slots.map((slot) => slot.plugin));
    for (const { plugin } of previous.slots) {
      if (!plugin || inUse.has(plugin) || retiring.has(plugin)) continue;
      retiring.add(plugin);
      void callTrackerOf(plugin)
        .idle()
        .then(() => plugin.dispose())
        .finally(() => retiring.delete(plugin));
    }
  }

  const queue = createReloadQueue<KernelChanges, ReloadResult>({ merge: mergeChanges, run: runReload });
  // A server's tool list changed (or its connection closed): build a generation with the new MCP tools.
  mcpManager?.onChange(() => void queue.request({ full: false, config: false, settings: false, paths: new Set() }));
  const configDirectories = options.watch ? configSearchDirectories(projectDirectory, (await findProjectRoot(projectDirectory)) ?? projectDirectory) : [];
  const watchPlanOf = (current: KernelState) =>
    createWatchPlan({
      configDirectories,
      settingsFile: current.generation.localSettingsFile,
      pluginDirectories: current.generation.pluginDirectories,
      pluginFiles: current.slots.flatMap((slot) => (slot.source.kind === 'file' ? [slot.source.file] : [])),
      projectDirectories: [projectDirectory, current.generation.root],
    });
  if (options.watch) {
    watcher = await watchProject({
      plan: watchPlanOf(state),
      debounceMs: Math.max(options.debounceMs ?? MIN_DEBOUNCE_MS, MIN_DEBOUNCE_MS),
      onChanges: (changes) => void queue.request({ full: false, ...changes }),
      onError: (error) => events.emit('watch-error', { error }),
    });
  }

  const generationOf = () => state.generation;
  return {
    cwd,
    get root() { return generationOf().root; },
    get config() { return generationOf().config; },
    get configFile() { return generationOf().configFile; },
    get plugins() { return generationOf().plugins; },
    get errors() { return generationOf().errors; },
    get warnings() { return generationOf().warnings; },
    get tools() { return generationOf().tools; },
    get hooks() { return generationOf().hooks; },
    get ruleSets() { return generationOf().ruleSets; },
    get permissionContext() { return generationOf().permissionContext; },
    get generation() { return generationOf(); },
    createToolUseContext(contextOptions: ToolUseContextOptions = {}) {
      const generation = generationOf();
      const base = contextOptions.carryOver && contextGenerations.get(contextOptions.carryOver)?.permissionContext;
      const defaultSessionDirectory = path.join(generation.root, '.codev', 'sessions', sessionId);
      const context = bindToolUseContext({ generation, cwd: contextOptions.cwd ?? cwd, defaultSessionDirectory, contextOptions, base });
      // Results are redacted with the credentials of the environment as it is now (see withheldVariables).
      refreshWithheld(context.environment);
      const protectedFiles = [...(options.protectedFiles ?? []), ...(mcpManager?.protectedFiles ?? [])];
      if (protectedFiles.length > 0) context.protectedFiles = protectedFiles;
      contextGenerations.set(context, generation);
      if (contextOptions.endsWithKernel !== false) sessionDirectories.add(context.sessionDirectory);
      return context;
    },
    on: (event, listener) => events.on(event, listener),
    reload() {
      if (closed) return Promise.reject(new Error('The kernel is closed'));
      return queue.request(FULL_RELOAD);
    },
    close() {
      closed ??= (async () => {
        await watcher?.close();
        await queue.idle();
        await importer.close();
        await mcpManager?.close();
        const plugins = new Set([...state.slots.flatMap((slot) => (slot.plugin ? [slot.plugin] : [])), ...retiring]);
        await Promise.all([...plugins].map((plugin) => plugin.dispose()));
        await Promise.all([...sessionDirectories].map((directory) => endUnheldSession(directory)));
        await Promise.all([leftoversRemoved, tempFilesRemoved]);
        events.clear();
      })();
      return closed;
    },
  };
}

/**
 * Reads `.mcp.json` and the config's `mcpServers` (stdio `cwd` resolved against the root) and syncs the
 * manager; the pool gets the servers' tools and, while a server offers resources, the two resource tools.
 */
function syncMcp(manager: McpManager): SyncMcp {
  return async (loaded, { retryFailed }) => {
    const file = await loadMcpConfig({ root: loaded.root, config: loaded.config });
    const servers = Object.fromEntries(
      Object.entries(file.servers).map(([name, server]) => [name, 'command' in server ? { ...server, cwd: path.resolve(loaded.root, server.cwd ?? '.') } : server]),
    );
    await manager.update(servers, { retryFailed, environment: loaded.config.environment });
    return { tools: [...manager.tools, ...manager.resourceTools], errors: [...file.errors, ...manager.errors] };
  };
}

function mergeChanges(earlier: KernelChanges, later: KernelChanges): KernelChanges {
  return {
    full: earlier.full || later.full,
    config: earlier.config || later.config,
    settings: earlier.settings || later.settings,
    paths: new Set([...earlier.paths, ...later.paths]),
    definitions: Boolean(earlier.definitions || later.definitions),
  };
}

/**
 * The same registry as the next generation, for a skill or agent definition that changed on disk: a new
 * pool array, so sessions render the tool prompts (the Skill listing, the agent types) again.
 */
function renewed(state: KernelState): KernelState {
  const { generation } = state;
  return { ...state, generation: Object.freeze({ ...generation, number: generation.number + 1, tools: Object.freeze([...generation.tools]) }) };
}

/** nextGeneration only throws for codev bugs; the kernel reports them and keeps the last good generation. */
function unexpectedFailure(error: unknown): CodevError {
  if (CodevError.isInstance(error)) return error;
  return new CodevError('RELOAD_FAILED', `Reload failed unexpectedly: ${errorMessage(error)}`, {
    hint: 'the last good generation stays in use; this is likely a bug in codev, please report it',
    cause: error,
  });
}
