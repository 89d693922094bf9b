/** The kernel's vocabulary: options, the kernel, its registry generations, reload diffs and events. Types only. */
import type { CodevConfig } from '../config/config-schema.ts';
import type { CodevError } from '../errors/codev-error.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { ToolHook } from '../hooks/types.ts';
import type { McpManagerOptions } from '../mcp/create-mcp-manager.ts';
import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import type { PermissionMode, ToolPermissionContext } from '../permissions/types.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import type { RegistryOptions } from '../registry/get-tools.ts';
import type { Tool } from '../tool/types.ts';

/** Options of `createKernel`. */
export interface KernelOptions extends RegistryOptions {
  /** The tools' working directory, and where to look for `codev.config.ts` and `plugins/`. Default `process.cwd()`. */
  cwd?: string;
  /**
   * Where the project is loaded from when that is not `cwd`: the config, the local settings, the plugins and
   * the MCP servers, and so the project root the instructions and agent types come from. The tools still work
   * in `cwd`, but nothing there is loaded (a fleet job's checkout of a repository its worker does not trust).
   * The default Skill tool still searches `<cwd>/skills`: give it its folders (`createSkillTool`). Default `cwd`.
   */
  projectDirectory?: string;
  /**
   * Files that run outside the sandbox besides the project's own (a fleet worker's agent script, which later
   * jobs run too): writing one, or a file or package it imports, asks, like a plugin's. Absolute.
   */
  protectedFiles?: readonly string[];
  /** Overrides the config's `permissions.mode`. */
  permissionMode?: PermissionMode;
  /** Extra rules from the command line (source `cliArg`). */
  allow?: readonly string[];
  deny?: readonly string[];
  ask?: readonly string[];
  /** Tools added by the caller (e.g. MCP tools), composed after the built-ins like plugin tools. */
  extraTools?: readonly Tool[];
  /**
   * How long the config file, each plugin file and each plugin `setup()` may take to load (ms) before it is
   * `LOAD_TIMEOUT`. Files are first evaluated in a worker thread, so a loop at import cannot freeze the
   * kernel. Default `CODEV_LOAD_TIMEOUT_MS`, else 15 s.
   */
  loadTimeoutMs?: number;
  /**
   * MCP servers (`mcpServers` of the config merged over `.mcp.json`): connected in parallel, their tools
   * composed after the built-ins like plugin tools, a failing server reported in `errors`. A tools change
   * of a server or a change of the servers makes a new generation. `false` connects none. Default on.
   */
  mcp?: false | Pick<McpManagerOptions, 'connectTimeoutMs' | 'callTimeoutMs' | 'maxOutputTokens' | 'reconnect' | 'connect'>;
  /**
   * Hot reload: watch the config, the local settings, the plugin folders, the listed plugin files, and the
   * skill and agent folders (`skills/`, `.codev/skills/`, `agents/`, `.codev/agents/`, each plugin folder's
   * `skills/`), and swap in a new generation after each burst of saves. Default false. `kernel.reload()`
   * works either way.
   */
  watch?: boolean;
  /**
   * Quiet time after the last file event of a burst before reloading, in ms. Default and minimum 50:
   * chokidar drops a file's `change` that comes within 50 ms of the previous one, so a shorter wait
   * could read the file before a second quick save and then never hear of it.
   */
  debounceMs?: number;
}

/**
 * One immutable snapshot of the registry. A reload builds a new one and swaps it in whole; a call keeps
 * the generation its context was made from (see `Kernel.createToolUseContext`).
 */
export interface Generation {
  /** 1 for the first load, then +1 per swap. */
  readonly number: number;
  readonly config: CodevConfig;
  readonly configFile?: string;
  /** The directory the config lives in (or the project root). */
  readonly root: string;
  /** The plugins in use, in load order, including the last good version of a plugin whose reload failed. */
  readonly plugins: readonly LoadedPlugin[];
  /** The assembled pool: built-ins sorted, then plugin, MCP and extra tools sorted. */
  readonly tools: readonly Tool[];
  readonly hooks: readonly ToolHook[];
  readonly ruleSets: readonly PermissionRuleSet[];
  readonly permissionContext: ToolPermissionContext;
  /** What is not loaded as written right now (a broken plugin, corrupt settings, an MCP server that failed), as values. */
  readonly errors: readonly CodevError[];
  /** Rules that will not do what they say (see `lintRules`). */
  readonly warnings: readonly string[];
  readonly localSettingsFile: string;
  /** Plugin folders, absolute. */
  readonly pluginDirectories: readonly string[];
  /** Every plugin file loaded (absolute): writes to them always ask, and the sandbox keeps them read-only. */
  readonly pluginFiles: readonly string[];
}

/** Names added, removed and changed (same name, another definition) between two generations. */
export interface NameDiff {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
}

/**
 * What a reload changed. Tools by name (the pool, so a tool hidden by a new blanket deny is "removed");
 * hooks by name; rules as `<behavior>:<source>:<rule>` for rule strings, `set:<name>` for rule sets, and
 * `mode` (in `changed`) when the permission mode changed. A re-imported plugin's tools, hooks and rule
 * sets count as changed even when the file's text is the same: the code it closes over may not be.
 */
export interface GenerationDiff {
  readonly tools: NameDiff;
  readonly hooks: NameDiff;
  readonly rules: NameDiff;
  /**
   * True when the reload came from a changed skill or agent definition (`SKILL.md`, `agents/*.md`). Those
   * are read from disk at each use, so they have no names here; the new generation makes sessions render
   * the tool prompts (the skill and agent-type listings) again.
   */
  readonly definitions: boolean;
}

/** The payload of the `reload` event: a new generation is live. */
export interface ReloadEvent {
  readonly generation: Generation;
  readonly previous: Generation;
  readonly diff: GenerationDiff;
  /** What failed in this reload but did not stop it (a plugin that kept its last good version). */
  readonly errors: readonly CodevError[];
}

/**
 * The payload of `reload-error`: what failed (file, line, message). When `kept` is true no new generation
 * was made (the config failed) and `generation` is the last good one, still live; otherwise a `reload`
 * event came first and the failed plugins kept their last good version in it.
 */
export interface ReloadErrorEvent {
  readonly errors: readonly CodevError[];
  readonly generation: Generation;
  readonly kept: boolean;
}

/** Kernel events and their payloads. */
export interface KernelEvents {
  reload: ReloadEvent;
  'reload-error': ReloadErrorEvent;
  /** The file watcher failed (e.g. the inotify limit); reloads from it may be missed. */
  'watch-error': { readonly error: unknown };
}

/** What `kernel.reload()` resolves to: the new generation, or why the last good one stays. */
export type ReloadResult =
  | { ok: true; generation: Generation; diff: GenerationDiff; errors: readonly CodevError[] }
  | { ok: false; generation: Generation; errors: readonly CodevError[] };

/** Options of `Kernel.createToolUseContext`. */
export interface ToolUseContextOptions {
  signal?: AbortSignal;
  sessionDirectory?: string;
  /** The tools' working directory when it is not the kernel's `cwd` (a fleet job's checkout on a shared kernel). */
  cwd?: string;
  /**
   * False when the caller ends the context's session itself (a fleet job on a kernel its worker shares): the
   * kernel then keeps no record of it for `close()`, which would grow with every job. Default true.
   */
  endsWithKernel?: boolean;
  /**
   * A context of the same session made from an earlier generation: its session directory, the rules the
   * user added during the session (`session` and `local` sources) and a mode it switched to carry over,
   * so a long session can move to the latest generation between turns.
   */
  carryOver?: ToolUseContext;
}

/**
 * A loaded project. The registry fields read the live generation; a reload replaces it atomically, so two
 * reads of `kernel.tools` may see two generations. Take `kernel.generation` once to read one snapshot.
 */
export interface Kernel {
  readonly cwd: string;
  /** The directory the config lives in (or the project root). */
  readonly root: string;
  readonly config: CodevConfig;
  readonly configFile?: string;
  readonly plugins: readonly LoadedPlugin[];
  /** Everything that failed to load, as values: the kernel still works without it. */
  readonly errors: readonly CodevError[];
  /** Rules that will not do what they say (see `lintRules`). */
  readonly warnings: readonly string[];
  /** The assembled pool: built-ins sorted, then plugin and extra tools sorted. */
  readonly tools: readonly Tool[];
  readonly hooks: readonly ToolHook[];
  readonly ruleSets: readonly PermissionRuleSet[];
  readonly permissionContext: ToolPermissionContext;
  /** The live generation. */
  readonly generation: Generation;
  /**
   * A context for a session of tool calls, bound to the live generation: calls made with it keep that
   * generation's tools, hooks and rules even if a reload happens meanwhile. Make a new one (with
   * `carryOver`) between turns to follow reloads.
   */
  createToolUseContext(options?: ToolUseContextOptions): ToolUseContext;
  /** Listens to a kernel event; returns the function that stops listening. */
  on<Name extends keyof KernelEvents>(event: Name, listener: (payload: KernelEvents[Name]) => void): () => void;
  /** Reloads the config, the settings and every plugin now (waiting for a reload in progress first). */
  reload(): Promise<ReloadResult>;
  /**
   * Stops watching and disposes every plugin now, retired ones included, and ends the sessions of the
   * contexts it made that no agent holds (their state forgotten, their folders removed when codev created
   * them), as `agent.close()` ends an agent's. Idempotent.
   */
  close(): Promise<void>;
}
