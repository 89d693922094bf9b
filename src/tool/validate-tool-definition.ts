import { CodevError } from '../errors/codev-error.ts';
import { isZod3Schema, isZodSchema } from './is-zod-schema.ts';

/** Letters, digits, `_` and `-`, 1–64 characters: what the Messages API accepts as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const OPTIONAL_FUNCTIONS = [
  'prompt',
  'isEnabled',
  'isConcurrencySafe',
  'isReadOnly',
  'isDestructive',
  'checkPermissions',
  'validateInput',
  'getPermissionTargets',
  'toAutoClassifierInput',
  'interruptBehavior',
  'renderToolUseMessage',
  'renderToolResultMessage',
  'renderToolUseProgressMessage',
  'userFacingName',
  'getActivityDescription',
  'mapToolResultToToolResultBlockParam',
] as const;

const OPTIONAL_BOOLEANS = ['shouldDefer', 'alwaysLoad', 'strict', 'isMcp'] as const;

/**
 * Throws `TOOL_DEFINITION_INVALID` naming the field and the fix when a definition is malformed.
 * Runs once per `buildTool`, so a broken plugin fails at load time, not at the model's first call.
 */
export function validateToolDefinition(definition: unknown): void {
  if (typeof definition !== 'object' || definition === null) {
    throw invalid(undefined, 'definition', 'buildTool() expects an object', 'pass { name, description, inputSchema, call }');
  }
  const record = definition as Record<string, unknown>;
  const name = record.name;
  if (typeof name !== 'string' || name.length === 0) {
    throw invalid(undefined, 'name', 'a tool needs a non-empty string `name`', 'add name: "MyTool"');
  }
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw invalid(
      name,
      'name',
      `tool name "${name}" has characters the model API rejects or is longer than 64`,
      'use only letters, digits, "_" and "-", at most 64 characters',
    );
  }
  if (isZod3Schema(record.inputSchema)) {
    throw invalid(name, 'inputSchema', 'inputSchema is a zod 3 schema', 'import { z } from "zod" (zod 4)');
  }
  if (!isZodSchema(record.inputSchema)) {
    throw invalid(name, 'inputSchema', 'inputSchema must be a zod schema', 'use inputSchema: z.object({ ... })');
  }
  if (record.outputSchema !== undefined && !isZodSchema(record.outputSchema)) {
    throw invalid(name, 'outputSchema', 'outputSchema must be a zod schema', 'remove it or use a z.object(...)');
  }
  if (record.inputJSONSchema !== undefined) {
    const schema = record.inputJSONSchema as Record<string, unknown> | null;
    if (typeof schema !== 'object' || schema === null || schema.type !== 'object') {
      throw invalid(name, 'inputJSONSchema', 'inputJSONSchema must be a JSON Schema with type "object"', 'set type: "object"');
    }
  }
  if (typeof record.description !== 'string' && typeof record.description !== 'function') {
    throw invalid(name, 'description', 'a tool needs a `description` (string or function)', 'add description: "What it does"');
  }
  if (typeof record.call !== 'function') {
    throw invalid(name, 'call', 'a tool needs a `call(input, context)` function', 'add async call(input) { return { data } }');
  }
  validateOptionalFields(name, record);
}

function validateOptionalFields(name: string, record: Record<string, unknown>): void {
  for (const field of OPTIONAL_FUNCTIONS) {
    if (record[field] !== undefined && typeof record[field] !== 'function') {
      throw invalid(name, field, `\`${field}\` must be a function`, `write ${field}() { ... } or remove it`);
    }
  }
  for (const field of OPTIONAL_BOOLEANS) {
    if (record[field] !== undefined && typeof record[field] !== 'boolean') {
      throw invalid(name, field, `\`${field}\` must be a boolean`, `use ${field}: true or false`);
    }
  }
  const aliases = record.aliases;
  if (aliases !== undefined && (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== 'string' || !TOOL_NAME_PATTERN.test(alias)))) {
    throw invalid(name, 'aliases', '`aliases` must be an array of valid tool names', 'use aliases: ["OldName"]');
  }
  const max = record.maxResultSizeChars;
  if (max !== undefined && (typeof max !== 'number' || Number.isNaN(max) || max <= 0)) {
    throw invalid(name, 'maxResultSizeChars', '`maxResultSizeChars` must be a positive number (or Infinity)', 'use e.g. 100_000');
  }
  if (record.searchHint !== undefined && typeof record.searchHint !== 'string') {
    throw invalid(name, 'searchHint', '`searchHint` must be a string of 3–10 words', 'use searchHint: "read files from disk"');
  }
}

function invalid(tool: string | undefined, field: string, message: string, hint: string): CodevError {
  const prefix = tool ? `Tool "${tool}": ` : '';
  return new CodevError('TOOL_DEFINITION_INVALID', `${prefix}${message}`, { tool, field, hint });
}
