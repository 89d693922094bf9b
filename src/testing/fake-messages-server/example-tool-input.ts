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
  items?: InputSchema;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, InputSchema>;
  definitions?: Record<string, InputSchema>;
}

/** How deep nested objects and `$ref`s are followed: a required field that refers to its own type stops here. */
const MAX_DEPTH = 8;

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
 * 4. by type: a string is {@link PLACEHOLDER}, a number its `minimum` or 1, a boolean false, an array its
 *    `minItems` items (none by default), an object built from its own required fields by these rules.
 * A `$ref` to the schema's `$defs` (or `definitions`) is followed; of a type list and of `anyOf`/`oneOf` the
 * first that is not `null` is taken (a nullable field gets a value); a field given as `level=2` whose enum holds
 * numbers is a number.
 */
export function exampleToolInput(options: { schema: InputSchema; prompt: string }): Record<string, unknown> {
  return exampleObject({ schema: options.schema, prompt: options.prompt, root: options.schema, depth: 0 });
}

type Context = { prompt: string; root: InputSchema; depth: number };

function exampleObject(options: Context & { schema: InputSchema }): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (options.depth > MAX_DEPTH) return input;
  for (const field of options.schema.required ?? []) input[field] = exampleValue({ ...options, field, schema: options.schema.properties?.[field] ?? {}, depth: options.depth + 1 });
  return input;
}

function exampleValue(options: Context & { field: string; schema: InputSchema }): unknown {
  const schema = branchOf(resolved(options.schema, options.root), options.root);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  const given = givenValue(options.field, options.prompt);
  if (given !== undefined) return converted(given, type ?? (typeof schema.enum?.[0] === 'number' ? 'number' : undefined));
  if (schema.const !== undefined) return schema.const;
  const declared = schema.enum?.[0] ?? schema.default ?? schema.examples?.[0];
  if (declared !== undefined) return declared;
  if (type === 'string' || type === undefined) {
    if (PATH_FIELD.test(options.field)) return FILE_WORD.exec(options.prompt)?.[0] ?? PLACEHOLDER;
    return PLACEHOLDER;
  }
  if (type === 'number' || type === 'integer') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: Math.min(schema.minItems ?? 0, 100) }, () => exampleValue({ ...options, field: '', schema: schema.items ?? {}, depth: options.depth + 1 }));
  if (type === 'object') return exampleObject({ ...options, schema });
  return null;
}

/** `schema`, or what its local `$ref` (`#/$defs/Name`, `#/definitions/Name`) points at in `root`; `{}` when nothing. */
function resolved(schema: InputSchema, root: InputSchema): InputSchema {
  for (let hops = 0; schema.$ref !== undefined && hops < MAX_DEPTH; hops++) {
    if (!schema.$ref.startsWith('#')) return {};
    let target: unknown = root;
    for (const part of schema.$ref.slice(1).split('/').filter(Boolean)) target = (target as Record<string, unknown> | undefined)?.[decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~')];
    schema = typeof target === 'object' && target !== null ? (target as InputSchema) : {};
  }
  return schema;
}

/** Of `anyOf`/`oneOf`, the first branch that is not only `null` (resolved); else `schema` itself. */
function branchOf(schema: InputSchema, root: InputSchema): InputSchema {
  const branches = (schema.anyOf ?? schema.oneOf)?.map((branch) => resolved(branch, root));
  if (!branches || branches.length === 0) return schema;
  return branches.find((branch) => branch.type !== 'null') ?? branches[0]!;
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
