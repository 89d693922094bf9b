/** A JSON Schema as a tool's `input_schema` carries it; only the keywords an example input needs are read. */
export interface InputSchema {
  type?: string | string[];
  properties?: Record<string, InputSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  anyOf?: InputSchema[];
  oneOf?: InputSchema[];
}

/** The value a string field gets when the prompt gives it none. */
export const PLACEHOLDER = 'example';

/** Field names that hold a file: they take the first file name the prompt mentions. */
const PATH_FIELD = /(^|_)(path|file|filename|file_path|notebook_path)$|Path$|File$/;
/** A word that looks like a file: `README.md`, `src/app.ts`, `./notes`. */
const FILE_WORD = /(?:\.{0,2}\/)?[\w@-]+(?:[/.][\w@-]+)*\.[A-Za-z0-9]+|(?:\.{1,2}\/|\/)[\w@./-]+/;

/**
 * An input for a tool with `schema`, built from `prompt`, as the offline echo model calls a tool the prompt
 * names. Only required fields are filled, each by the first rule that applies:
 * 1. `field=value` or `field: value` in the prompt (a quoted value, or one word), converted to the field's type;
 * 2. a `const`, then the first `enum` value, `default` or `examples` entry of the schema;
 * 3. for a string field named like a path (`path`, `file_path`, `filename`, `...Path`...), the first word of
 *    the prompt that looks like a file name (`README.md`, `src/app.ts`);
 * 4. by type: a string is {@link PLACEHOLDER}, a number its `minimum` or 1, a boolean false, an array empty,
 *    an object built from its own required fields by these rules; `anyOf`/`oneOf` take their first branch.
 */
export function exampleToolInput(options: { schema: InputSchema; prompt: string }): Record<string, unknown> {
  return exampleObject(options.schema, options.prompt);
}

function exampleObject(schema: InputSchema, prompt: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of schema.required ?? []) input[field] = exampleValue({ field, schema: schema.properties?.[field] ?? {}, prompt });
  return input;
}

function exampleValue(options: { field: string; schema: InputSchema; prompt: string }): unknown {
  const schema = options.schema.anyOf?.[0] ?? options.schema.oneOf?.[0] ?? options.schema;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const given = givenValue(options.field, options.prompt);
  if (given !== undefined) return converted(given, type);
  if (schema.const !== undefined) return schema.const;
  const declared = schema.enum?.[0] ?? schema.default ?? schema.examples?.[0];
  if (declared !== undefined) return declared;
  if (type === 'string' || type === undefined) {
    if (PATH_FIELD.test(options.field)) return FILE_WORD.exec(options.prompt)?.[0] ?? PLACEHOLDER;
    return PLACEHOLDER;
  }
  if (type === 'number' || type === 'integer') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return exampleObject(schema, options.prompt);
  return null;
}

/** The value the prompt gives `field`: `field=value`, `field: value`, `field="a b"`. */
function givenValue(field: string, prompt: string): string | undefined {
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[^\\w])${escaped}\\s*(?:=|:)\\s*(?:"([^"]*)"|'([^']*)'|([^\\s,;]+))`).exec(prompt);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3]?.replace(/[.!?]$/, '');
}

function converted(value: string, type: string | undefined): unknown {
  if (type === 'number' || type === 'integer') return Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'boolean') return value === 'true';
  return value;
}
