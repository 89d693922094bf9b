import { z } from 'zod';
import { errorMessage } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import type { ToolHook } from '../hooks/types.ts';
import { parsePermissionRule } from '../permissions/rules/parse-rule.ts';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types.ts';
import { isPlugin, type Plugin } from '../plugins/define-plugin.ts';

/** The plugin folder used when `pluginDirs` is not set. A missing default folder is not an error. */
export const DEFAULT_PLUGIN_DIR = 'plugins';

const ruleString = z.string().superRefine((rule, context) => {
  try {
    parsePermissionRule(rule);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `expected a permission rule such as "Bash(npm test)" or "Read(./src/**)" (${errorMessage(error)})` });
  }
});

const ruleList = z.array(ruleString).default([]);

const permissionsSchema = z.strictObject({
  /** How calls no rule decides are treated. */
  mode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
  allow: ruleList,
  deny: ruleList,
  ask: ruleList,
  /** Directories besides the project root that count as working directories. */
  additionalDirectories: z.array(z.string().min(1)).default([]),
});

const stdioServerSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

const httpServerSchema = z.strictObject({
  url: z.url(),
  headers: z.record(z.string(), z.string()).optional(),
});

const pluginEntry = z.custom<string | Plugin>((value) => (typeof value === 'string' && value.trim() !== '') || isPlugin(value), {
  error: 'expected a file path (relative to the config file) or a plugin made by definePlugin()',
});

const hookEntry = z.custom<ToolHook>((value) => isToolHook(value), { error: 'expected a hook made by defineHook()' });

/** The shape of `codev.config.ts` (and `.codevrc.*`, `package.json#codev`). Unknown keys are errors. */
export const configSchema = z.strictObject({
  /** Plugin files (relative to the config file) or inline plugins, loaded before `pluginDirs`. */
  plugins: z.array(pluginEntry).default([]),
  /** Folders (relative to the config file) whose top-level plugin files are loaded, in filename order. */
  pluginDirs: z.array(z.string().min(1)).default([DEFAULT_PLUGIN_DIR]),
  permissions: permissionsSchema.prefault({}),
  /** In-process hooks declared in the config itself. */
  hooks: z.array(hookEntry).default([]),
  /** MCP servers by name: a stdio command or an HTTP URL. */
  mcpServers: z.record(z.string().min(1), z.union([stdioServerSchema, httpServerSchema])).default({}),
  /** The model id, e.g. `claude-sonnet-4-5`. */
  model: z.string().min(1).optional(),
  /** At most this many concurrency-safe tool calls run at once (default 10, decided by the orchestrator). */
  maxToolConcurrency: z.number().int().min(1).max(100).optional(),
  /** Settings per tool name, e.g. `{ WebSearch: { backend: 'searxng' } }`. */
  tools: z.record(z.string().min(1), z.record(z.string(), z.unknown())).default({}),
});

/** The config as a user writes it: every field optional. */
export type CodevConfigInput = z.input<typeof configSchema>;

/** The config after validation: defaults applied (`plugins`, `pluginDirs`, `hooks`, rule lists, ...). */
export type CodevConfig = z.output<typeof configSchema>;

/** One MCP server entry of `mcpServers`. */
export type McpServerConfig = CodevConfig['mcpServers'][string];
