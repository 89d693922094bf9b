import { z } from 'zod';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { isZod3Schema, isZodSchema } from '../../tool/is-zod-schema.ts';
import type { JSONSchemaObject } from '../../tool/types.ts';
import { zodToJsonSchema } from '../../tool/zod-to-json-schema.ts';
import { structuredOutputTool } from './structured-output-tool.ts';
import type { StructuredOutput } from './types.ts';

export const DEFAULT_OUTPUT_RETRIES = 2;

/**
 * Checks `outputSchema` and `outputRetries` and makes what a query validates its answer with. The schema must
 * describe an object (the answer is a tool's input, and tool inputs are objects): a zod schema is converted to
 * JSON Schema for the tool, a JSON Schema is converted to zod for the validation. `INPUT_INVALID` names the field.
 */
export function resolveOutputSchema(options: { schema: unknown; retries?: number }): StructuredOutput {
  const { schema, retries = DEFAULT_OUTPUT_RETRIES } = options;
  if (!Number.isInteger(retries) || retries < 0 || retries > 10) throw invalid('outputRetries', `outputRetries must be an integer from 0 to 10, not ${String(retries)}`, 'the default is 2');
  if (isZodSchema(schema)) {
    const jsonSchema = zodToJsonSchema(schema);
    if (jsonSchema.type !== 'object') throw notAnObject(jsonSchema.type);
    return { validator: schema, tool: structuredOutputTool(jsonSchema as JSONSchemaObject), maxRetries: retries };
  }
  if (isZod3Schema(schema)) throw invalid('outputSchema', 'outputSchema is a zod 3 schema; codev reads zod 4 schemas', 'import { z } from "zod" (version 4)');
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw invalid('outputSchema', `outputSchema must be a zod schema or a JSON Schema object, not ${Array.isArray(schema) ? 'an array' : typeof schema}`, 'pass z.object({...})');
  const { $schema: _dialect, ...jsonSchema } = schema as Record<string, unknown>;
  if (jsonSchema.type !== 'object') throw notAnObject(jsonSchema.type);
  let validator: z.ZodType;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw invalid('outputSchema', `outputSchema is not a JSON Schema codev can check answers against: ${errorMessage(error)}`, 'use the JSON Schema keywords of draft 2020-12 (type, properties, required, items, enum...)');
  }
  return { validator, tool: structuredOutputTool(jsonSchema as JSONSchemaObject), maxRetries: retries };
}

function notAnObject(type: unknown): CodevError {
  return invalid('outputSchema', `outputSchema must describe an object (its type is ${type === undefined ? 'not set' : JSON.stringify(type)}): the answer is given as a tool's input, which is an object`, 'wrap the value in an object, e.g. z.object({ answer: z.string() })');
}

function invalid(field: string, message: string, hint: string): CodevError {
  return new CodevError('INPUT_INVALID', message, { field, hint });
}
