import { z } from 'zod';
import type { JSONSchemaObject } from './types.ts';

/**
 * The JSON Schema of a zod 4 schema as the Messages API wants it in `input_schema`: the input side
 * (defaults make fields optional), no `$schema` key, unrepresentable parts loosened to `{}`.
 */
export function zodToJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return rest;
}

/** True when a JSON Schema describes an object, as every tool input must be. */
export function isObjectJsonSchema(schema: Record<string, unknown>): schema is JSONSchemaObject {
  return schema.type === 'object';
}
