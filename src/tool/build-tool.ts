import type { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import type { ProgressPayload } from '../progress/types.ts';
import type { JSONSchemaObject, Tool, ToolDefinition, ToolResultBlockParam } from './types.ts';
import { validateToolDefinition } from './validate-tool-definition.ts';
import { isObjectJsonSchema, zodToJsonSchema } from './zod-to-json-schema.ts';

/** The persist-to-disk threshold of a tool that does not set `maxResultSizeChars`. */
export const DEFAULT_MAX_RESULT_SIZE_CHARS = 100_000;

const TOOL_MARKER = Symbol.for('codev.tool');

/**
 * Makes a Tool from a definition: validates it (throwing `TOOL_DEFINITION_INVALID` with the field and
 * the fix), fills the seed's safe defaults and freezes the result. Pure: registers nothing.
 *
 * Defaults: `isEnabled` true, `isConcurrencySafe` false, `isReadOnly` false, `isDestructive` false,
 * `checkPermissions` allow with the input unchanged, `toAutoClassifierInput` '', `userFacingName` the name.
 *
 * @example
 * export const echoTool = buildTool({
 *   name: 'Echo',
 *   description: 'Repeat a message',
 *   inputSchema: z.object({ message: z.string() }),
 *   isReadOnly: () => true,
 *   async call({ message }) { return { data: message } },
 * });
 */
export function buildTool<Schema extends z.ZodType, Output = unknown, Progress extends ProgressPayload = ProgressPayload>(
  definition: ToolDefinition<Schema, Output, Progress>,
): Tool<z.output<Schema>, Output, Progress> {
  validateToolDefinition(definition);
  return makeTool(definition, resolveJsonSchema(definition));
}

/**
 * `buildTool` for codev's built-in tools, whose schemas their own tests convert: the JSON Schema is made on
 * its first read (a request, the REPL's tool list) rather than when the module loads, since `import('codev')`
 * builds every built-in tool and most starts send none of their schemas. Copies (`withToolSource`) share it.
 */
export function buildBuiltinTool<Schema extends z.ZodType, Output = unknown, Progress extends ProgressPayload = ProgressPayload>(
  definition: ToolDefinition<Schema, Output, Progress>,
): Tool<z.output<Schema>, Output, Progress> {
  validateToolDefinition(definition);
  return makeTool(definition, undefined);
}

function makeTool<Schema extends z.ZodType, Output, Progress extends ProgressPayload>(
  definition: ToolDefinition<Schema, Output, Progress>,
  resolved: JSONSchemaObject | undefined,
): Tool<z.output<Schema>, Output, Progress> {
  type Input = z.output<Schema>;
  const name = definition.name;
  let jsonSchema = resolved;
  const description = definition.description;
  const describe = typeof description === 'string' ? async () => description : async (input?: Input) => description(input);

  const tool: Tool<Input, Output, Progress> = {
    name,
    aliases: Object.freeze([...(definition.aliases ?? [])]),
    searchHint: definition.searchHint,
    inputSchema: definition.inputSchema as z.ZodType<Input>,
    inputJSONSchema: definition.inputJSONSchema,
    outputSchema: definition.outputSchema,
    shouldDefer: definition.shouldDefer ?? false,
    alwaysLoad: definition.alwaysLoad ?? false,
    maxResultSizeChars: definition.maxResultSizeChars ?? DEFAULT_MAX_RESULT_SIZE_CHARS,
    strict: definition.strict ?? false,
    isMcp: definition.isMcp ?? false,
    source: definition.source ?? { type: 'inline' },
    get jsonSchema() {
      return (jsonSchema ??= resolveJsonSchema(definition));
    },
    call: withDirect((input, context) => definition.call(input, context)),
    description: describe,
    prompt: async (options) => (definition.prompt ? definition.prompt(options) : describe()),
    isEnabled: () => definition.isEnabled?.() ?? true,
    isConcurrencySafe: (input) => definition.isConcurrencySafe?.(input) ?? false,
    isReadOnly: (input) => definition.isReadOnly?.(input) ?? false,
    isDestructive: (input) => definition.isDestructive?.(input) ?? false,
    checkPermissions: withDirect((input, context) =>
      definition.checkPermissions ? definition.checkPermissions(input, context) : { behavior: 'allow', updatedInput: input }),
    validateInput: withDirect((input, context) => (definition.validateInput ? definition.validateInput(input, context) : { result: true })),
    getPermissionTargets: withDirect((input, context) => {
      const targets = definition.getPermissionTargets?.(input, context);
      return isThenable(targets) ? targets : (targets ?? []);
    }),
    toAutoClassifierInput: (input) => definition.toAutoClassifierInput?.(input) ?? '',
    interruptBehavior: () => definition.interruptBehavior?.() ?? 'block',
    renderToolUseMessage: (input, options) =>
      definition.renderToolUseMessage ? definition.renderToolUseMessage(input, options) : defaultRenderInput(input),
    renderToolResultMessage: (output, options) =>
      definition.renderToolResultMessage ? definition.renderToolResultMessage(output, options) : stringifyOutput(output),
    renderToolUseProgressMessage: (progress, options) =>
      definition.renderToolUseProgressMessage ? definition.renderToolUseProgressMessage(progress, options) : '',
    userFacingName: (input) => definition.userFacingName?.(input) ?? name,
    getActivityDescription: (input) => definition.getActivityDescription?.(input) ?? `Running ${name}`,
    mapToolResultToToolResultBlockParam: (output, toolUseId) =>
      definition.mapToolResultToToolResultBlockParam
        ? definition.mapToolResultToToolResultBlockParam(output, toolUseId)
        : defaultMapResult(output, toolUseId),
  };
  Object.defineProperty(tool, TOOL_MARKER, { value: true });
  return Object.freeze(tool);
}

const DIRECT = Symbol.for('codev.tool.direct');

type ToolMethodName = 'call' | 'checkPermissions' | 'validateInput' | 'getPermissionTargets';

/**
 * Calls a tool method that the Tool contract makes async and returns the definition's own answer: a plain
 * value when the definition (or the default) answered at once, a promise only when it returned one. For a
 * tool `buildTool` did not make, the method itself is called. The per-call path uses it so that an answer
 * known at once costs no promise and no microtask turn. Unlike the method, it may throw synchronously.
 */
export function callToolMethod<Input, Name extends ToolMethodName>(
  tool: Tool<Input, any, any>,
  name: Name,
  input: Input,
  context: Parameters<Tool<Input>[Name]>[1],
): Awaited<ReturnType<Tool<Input>[Name]>> | ReturnType<Tool<Input>[Name]> {
  const method = tool[name] as ((input: Input, context: unknown) => ReturnType<Tool<Input>[Name]>) & { [DIRECT]?: (input: Input, context: unknown) => Awaited<ReturnType<Tool<Input>[Name]>> | ReturnType<Tool<Input>[Name]> };
  const direct = method[DIRECT];
  return direct ? direct(input, context) : method.call(tool, input, context);
}

/** The async method of the Tool contract, with the direct form `callToolMethod` uses attached. */
function withDirect<Input, Context, Answer>(direct: (input: Input, context: Context) => Answer | PromiseLike<Answer>): (input: Input, context: Context) => Promise<Answer> {
  const method = async (input: Input, context: Context) => direct(input, context);
  Object.defineProperty(method, DIRECT, { value: direct });
  return method;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** True for a Tool made by `buildTool` (from any copy of codev). */
export function isTool(value: unknown): value is Tool {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_MARKER] === true;
}

function resolveJsonSchema(definition: ToolDefinition<any, any, any>): JSONSchemaObject {
  if (definition.inputJSONSchema) return definition.inputJSONSchema;
  let schema: Record<string, unknown>;
  try {
    schema = zodToJsonSchema(definition.inputSchema);
  } catch (error) {
    throw new CodevError('TOOL_DEFINITION_INVALID', `Tool "${definition.name}": inputSchema cannot be converted to JSON Schema`, {
      tool: definition.name,
      field: 'inputSchema',
      hint: 'use JSON-representable zod types, or pass inputJSONSchema',
      cause: error,
    });
  }
  if (!isObjectJsonSchema(schema)) {
    throw new CodevError('TOOL_DEFINITION_INVALID', `Tool "${definition.name}": inputSchema must describe an object`, {
      tool: definition.name,
      field: 'inputSchema',
      hint: 'wrap the input in z.object({ ... })',
    });
  }
  return schema;
}

function stringifyOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined) return '';
  return JSON.stringify(output, null, 2) ?? String(output);
}

function defaultRenderInput(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  return Object.entries(input as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value)}`)
    .join(', ');
}

function defaultMapResult(output: unknown, toolUseId: string): ToolResultBlockParam {
  if (Array.isArray(output) && output.every(isContentBlock)) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output };
  }
  return { type: 'tool_result', tool_use_id: toolUseId, content: stringifyOutput(output) };
}

function isContentBlock(value: unknown): value is { type: 'text'; text: string } {
  return typeof value === 'object' && value !== null && ((value as { type?: unknown }).type === 'text' || (value as { type?: unknown }).type === 'image');
}

/** A copy of a tool that records where it came from (loaders use it; tools are frozen). */
export function withToolSource<T extends Tool>(tool: T, source: Tool['source']): T {
  // Descriptors, not a spread: a built-in tool's `jsonSchema` getter stays lazy in the copy.
  const properties: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  properties.source = { value: source, enumerable: true };
  properties[TOOL_MARKER] = { value: true };
  return Object.freeze(Object.defineProperties({}, properties)) as T;
}
