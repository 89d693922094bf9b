/** The plugin loader's vocabulary. Types only. */
import type { CodevError } from '../errors/codev-error.ts';
import type { ToolHook } from '../hooks/types.ts';
import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import type { Tool, ToolSource } from '../tool/types.ts';
import type { Plugin } from './define-plugin.ts';

/** Where a plugin comes from: a file to import, or a plugin object written inline in the config. */
export type PluginSource =
  | { kind: 'file'; /** Absolute. */ file: string }
  | { kind: 'inline'; plugin: Plugin; /** The config file that declared it, when known. */ file?: string };

/** What discovery found: the sources in load order, and problems such as a missing configured folder. */
export interface PluginDiscovery {
  sources: PluginSource[];
  errors: CodevError[];
}

/** A plugin after import and `setup`: its contributions, ready for the registry. */
export interface LoadedPlugin {
  /** Stable across reloads: the absolute file path, or `inline:<name>`. */
  id: string;
  /** The `definePlugin` name, or for a file exporting bare tools/hooks/rules, the file (or folder) name. */
  name: string;
  /** The plugin file, or for an inline plugin the config file that declared it (when known). */
  file?: string;
  tools: Tool[];
  /**
   * Where each tool came from, by tool name: `{ type: 'plugin', file, plugin }`. Tools are frozen, so the
   * loader records their source here instead of changing `tool.source`.
   */
  toolSources: Map<string, ToolSource>;
  /** Named `<plugin>:<hook name>`, or `<plugin>:<index>` for hooks that kept their default name. */
  hooks: ToolHook[];
  /** Named `<plugin>:<rule set name>`, or `<plugin>:<index>` for unnamed rule sets. */
  ruleSets: PermissionRuleSet[];
  /** Runs the disposers registered in `setup` (last first). Never rejects; failures are logged as warnings. Idempotent. */
  dispose(): Promise<void>;
}

/** One line a plugin logged through its context. */
export interface PluginLogEntry {
  level: 'log' | 'warn';
  /** The plugin's name. */
  plugin: string;
  message: string;
}

/** Receives plugin log lines. The default writes `[plugin] message` to stderr. */
export type PluginLogger = (entry: PluginLogEntry) => void;
