import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';
import { errorMessage } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import { claudeCodeHooksSchema, commandHookConfigSchema, flattenClaudeCodeHooks } from '../hooks/command/command-hook-schema.ts';
import type { ClaudeCodeHooksSettings, CommandHookConfig } from '../hooks/command/types.ts';
import { HOOK_EVENTS, type ToolHook } from '../hooks/types.ts';
import { parsePermissionRule } from '../permissions/rules/parse-rule.ts';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types.ts';
import { configAgentsSchema, type ConfigAgentsSchema } from '../agent-types/agent-definition-schema.ts';
import { fleetSettingsSchema, type FleetSettingsSchema } from './fleet-settings-schema.ts';
import { environmentSettingsSchema, type EnvironmentSettingsSchema } from './environment-settings-schema.ts';
import { modelPricesSchema, type ModelPricesSchema } from './model-prices-schema.ts';
import { modelSettingSchema, type ConfigModelSettings } from './model-setting-schema.ts';
import { sessionsSettingsSchema, type SessionsSettingsSchema } from './sessions-settings-schema.ts';
import { checkpointsSettingSchema, type CheckpointsSettingSchema } from './checkpoints-setting-schema.ts';
import { instructionsSettingSchema, type InstructionsSettingSchema } from '../instructions/instructions-setting.ts';
import { isPlugin, type Plugin } from '../plugins/define-plugin.ts';

/** The plugin folder used when `pluginDirs` is not set. A missing default folder is not an error. */
export const DEFAULT_PLUGIN_DIR = 'plugins';

// The schemas' types are written out because `CodevConfig` and `CodevConfigInput` are public: JSR needs explicit
// types on everything they reach (no slow types). They are zod's own schema types, so `z.input`/`z.output` give
// exactly what inference gave, and `satisfies` below rejects a schema key missing from (or not in) these types.
type PermissionModeSchema = z.ZodEnum<{ [Mode in PermissionMode]: Mode }>;
type RuleListSchema = z.ZodDefault<z.ZodArray<z.ZodString>>;
type StringMapSchema = z.ZodRecord<z.ZodString, z.ZodString>;
type HooksInput = readonly (ToolHook | CommandHookConfig)[] | ClaudeCodeHooksSettings;

type PermissionsShape = {
  /** How calls no rule decides are treated. */
  mode: z.ZodOptional<PermissionModeSchema>;
  allow: RuleListSchema;
  deny: RuleListSchema;
  ask: RuleListSchema;
  /** Directories besides the project root that count as working directories. */
  additionalDirectories: z.ZodDefault<z.ZodArray<z.ZodString>>;
};

type StdioServerShape = {
  command: z.ZodString;
  args: z.ZodOptional<z.ZodArray<z.ZodString>>;
  env: z.ZodOptional<StringMapSchema>;
  cwd: z.ZodOptional<z.ZodString>;
};

type HttpServerShape = {
  url: z.ZodURL;
  headers: z.ZodOptional<StringMapSchema>;
};

type ConfigShape = {
  /** Plugin files (relative to the config file) or inline plugins, loaded before `pluginDirs`. */
  plugins: z.ZodDefault<z.ZodArray<z.ZodCustom<string | Plugin, string | Plugin>>>;
  /** Folders (relative to the config file) whose top-level plugin files are loaded, in filename order. */
  pluginDirs: z.ZodDefault<z.ZodArray<z.ZodString>>;
  permissions: z.ZodPrefault<z.ZodObject<PermissionsShape, z.core.$strict>>;
  /**
   * Hooks declared in the config itself: `defineHook(...)` objects and command hooks (Claude Code's
   * protocol), or a Claude Code `hooks` settings block. Command entries become `ToolHook`s per generation.
   */
  hooks: z.ZodDefault<z.ZodPipe<z.ZodCustom<HooksInput, HooksInput>, z.ZodTransform<(ToolHook | CommandHookConfig)[], HooksInput>>>;
  /** MCP servers by name: a stdio command or an HTTP URL. */
  mcpServers: z.ZodDefault<
    z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodObject<StdioServerShape, z.core.$strict>, z.ZodObject<HttpServerShape, z.core.$strict>]>>
  >;
  /**
   * The model: an id (`claude-sonnet-4-6`), or the provider and its settings (`{ provider: 'bedrock', id, region }`,
   * see `ModelSettings`). `CODEV_PROVIDER`/`CODEV_MODEL` and createAgent's `model` win over it.
   */
  model: z.ZodOptional<z.ZodType<string | ConfigModelSettings, string | ConfigModelSettings>>;
  /** At most this many concurrency-safe tool calls run at once (default 10, decided by the orchestrator). */
  maxToolConcurrency: z.ZodOptional<z.ZodNumber>;
  /**
   * Agent types for the Agent tool's `subagent_type`, by name: `{ reviewer: { description, prompt, tools?,
   * disallowedTools?, model?, permissionMode?, maxTurns? } }`. They win over `agents/*.md` files of the same name.
   */
  agents: ConfigAgentsSchema;
  /** Bounds on subagents: nesting depth (default 3) and how many run at once in one agent tree (default 20). */
  subagents: z.ZodPrefault<z.ZodObject<{ maxDepth: z.ZodOptional<z.ZodNumber>; maxConcurrent: z.ZodOptional<z.ZodNumber> }, z.core.$strict>>;
  /**
   * Model prices (USD per million tokens) by model id or id prefix, for models codev's table does not know
   * or prices that changed: `{ 'my-model': { input, output, cacheWrite?, cacheRead? } }`.
   */
  prices: z.ZodOptional<ModelPricesSchema>;
  /**
   * Project instructions in the agent's system prompt (`CODEV.md`, `AGENTS.md`, `CLAUDE.md` in `~/.codev/`
   * and the project root, with their `@path` includes): `false` reads none, `{ sources: { codev?, agents?,
   * claude?, user?, project? } }` turns single sources off. Default: all on.
   */
  instructions: z.ZodOptional<InstructionsSettingSchema>;
  /** Settings per tool name, e.g. `{ WebSearch: { backend: 'searxng' } }`. */
  tools: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>>>;
  /** Where `codev queue` and `codev worker` find the fleet: `{ redisUrl?, queue? }` (`CODEV_REDIS_URL` wins over `redisUrl`). */
  fleet: z.ZodOptional<FleetSettingsSchema>;
  /** Saved sessions: `{ retention: { olderThan?: '30d', keep?: 100 } }` prunes old ones by itself (see `pruneSessions`). */
  sessions: z.ZodOptional<SessionsSettingsSchema>;
  /** File checkpoints before each turn's tool calls, for `codev rewind`: `false` turns them off, `{ maxFileBytes?, maxFiles? }` sets their limits. Default on for a persisted session. */
  checkpoints: z.ZodOptional<CheckpointsSettingSchema>;
  /**
   * The environment of the commands codev runs for the model (Bash, hook commands, MCP stdio servers):
   * `{ inherit?: 'all' | 'core' | 'none', include?, exclude?, set? }`. Credentials are dropped unless `include` names them.
   */
  environment: z.ZodOptional<EnvironmentSettingsSchema>;
};

/** The parsed value, or undefined after copying the issues (under `path`) into `context`. */
function copyIssues<T>(result: z.ZodSafeParseResult<T>, context: z.RefinementCtx, path: PropertyKey[]): T | undefined {
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys' && path.length === 0 && issue.path.length === 0) {
      for (const key of issue.keys) {
        context.addIssue({ code: 'custom', path: [key], message: `unsupported hook event; command hooks run on ${HOOK_EVENTS.join(', ')}` });
      }
      continue;
    }
    context.addIssue({ ...issue, path: [...path, ...issue.path] } as never);
  }
  return undefined;
}

type ConfigSchema = z.ZodObject<ConfigShape, z.core.$strict>;

/** The shape of `codev.config.ts` (and `.codevrc.*`, `package.json#codev`). Unknown keys are errors. */
export const configSchema: () => ConfigSchema = lazySchema(() => {
  const ruleString: z.ZodString = z.string().superRefine((rule, context) => {
    try {
      parsePermissionRule(rule);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `expected a permission rule such as "Bash(npm test)" or "Read(./src/**)" (${errorMessage(error)})` });
    }
  });

  const ruleList: RuleListSchema = z.array(ruleString).default([]);

  const permissionsSchema = z.strictObject({
    mode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
    allow: ruleList,
    deny: ruleList,
    ask: ruleList,
    additionalDirectories: z.array(z.string().min(1)).default([]),
  } satisfies PermissionsShape);

  const stdioServerSchema = z.strictObject({
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
  } satisfies StdioServerShape);

  const httpServerSchema = z.strictObject({
    url: z.url(),
    headers: z.record(z.string(), z.string()).optional(),
  } satisfies HttpServerShape);

  const pluginEntry = z.custom<string | Plugin>((value) => (typeof value === 'string' && value.trim() !== '') || isPlugin(value), {
    error: 'expected a file path (relative to the config file) or a plugin made by definePlugin()',
  });

  /**
   * `hooks`: a list of `defineHook(...)` objects and command hook entries `{ event, matcher?, command, timeout?,
   * onFailure? }`, or Claude Code's settings shape `{ PreToolUse: [{ matcher, hooks: [{ type: 'command', command }] }] }`.
   * Dispatched by shape rather than a zod union, so a problem is reported against the form the user wrote.
   */
  const hooksSchema = z
    .custom<HooksInput>(() => true)
    .transform((value, context): (ToolHook | CommandHookConfig)[] => {
      if (Array.isArray(value)) {
        return value.map((entry: unknown, index) => {
          if (isToolHook(entry)) return entry;
          if (typeof entry !== 'object' || entry === null) {
            context.addIssue({ code: 'custom', path: [index], input: entry, message: 'expected a hook made by defineHook()' });
            return entry as never;
          }
          return copyIssues(commandHookConfigSchema().safeParse(entry, { reportInput: true }), context, [index]) ?? (entry as never);
        });
      }
      if (typeof value !== 'object' || value === null) {
        context.addIssue({ code: 'custom', input: value, message: 'expected a list of hooks or a Claude Code hooks block { PreToolUse: [...] }' });
        return [];
      }
      const settings = copyIssues(claudeCodeHooksSchema().safeParse(value, { reportInput: true }), context, []);
      return settings ? flattenClaudeCodeHooks(settings) : [];
    });

  return z.strictObject({
    plugins: z.array(pluginEntry).default([]),
    pluginDirs: z.array(z.string().min(1)).default([DEFAULT_PLUGIN_DIR]),
    permissions: permissionsSchema.prefault({}),
    hooks: hooksSchema.default([]),
    mcpServers: z.record(z.string().min(1), z.union([stdioServerSchema, httpServerSchema])).default({}),
    model: modelSettingSchema().optional(),
    maxToolConcurrency: z.number().int().min(1).max(100).optional(),
    agents: configAgentsSchema(),
    subagents: z.strictObject({ maxDepth: z.number().int().min(0).max(10).optional(), maxConcurrent: z.number().int().min(1).max(100).optional() }).prefault({}),
    prices: modelPricesSchema().optional(),
    instructions: instructionsSettingSchema().optional(),
    tools: z.record(z.string().min(1), z.record(z.string(), z.unknown())).default({}),
    fleet: fleetSettingsSchema().optional(),
    sessions: sessionsSettingsSchema().optional(),
    checkpoints: checkpointsSettingSchema().optional(),
    environment: environmentSettingsSchema().optional(),
  } satisfies ConfigShape);
});

/** The config as a user writes it: every field optional. */
export type CodevConfigInput = z.input<ConfigSchema>;

/** The config after validation: defaults applied (`plugins`, `pluginDirs`, `hooks`, rule lists, ...). */
export type CodevConfig = z.output<ConfigSchema>;

/** One MCP server entry of `mcpServers`. */
export type McpServerConfig = CodevConfig['mcpServers'][string];
