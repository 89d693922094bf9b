/**
 * A zod schema made at its first use, then kept: `const schema = lazySchema(() => z.object(...))` and
 * `schema().parse(value)`. For schemas at a module's top level that a start does not use: building a zod
 * schema costs CPU at import (the config's and the agent options' cost `import('codev')` several ms).
 */
export function lazySchema<Schema>(build: () => Schema): () => Schema {
  let schema: Schema | undefined;
  return () => (schema ??= build());
}
