/** Structured output's vocabulary: the schemas an agent accepts, the output they infer, a validation issue. Types only. */
import type { z } from 'zod';
import type { JSONSchemaObject } from '../../tool/types.ts';

/**
 * The shape of a query's final answer: a zod object schema (the output is typed from it), or a plain JSON
 * Schema with `type: "object"` (what `codev run --json-schema` reads from a file; the output is a record).
 */
export type OutputSchema = z.ZodType | JSONSchemaObject;

/** The type of `output` an {@link OutputSchema} gives: zod's output type, a record for a JSON Schema, else undefined. */
export type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : Schema extends JSONSchemaObject ? Record<string, unknown> : undefined;

/** One way the final answer missed the schema: where (`a.b.0`, empty for the whole answer) and what. */
export interface OutputIssue {
  path: string;
  message: string;
}

/** What a query checks its final answer with: the validating schema, the tool the model answers through, the retries. */
export interface StructuredOutput {
  /** Validates (and parses: defaults, transforms) the model's answer. */
  readonly validator: z.ZodType;
  /** The `StructuredOutput` tool sent with every request; its `input_schema` is the output's JSON Schema. */
  readonly tool: { name: string; description: string; input_schema: JSONSchemaObject };
  /** How many times the model is shown the issues and asked again before `OUTPUT_INVALID`. */
  readonly maxRetries: number;
}
