import type { z } from 'zod';

/** True for a zod 4 schema (from any copy of zod 4). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

/** True for a zod 3 schema, which codev cannot convert: the error then says to upgrade. */
export function isZod3Schema(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !('_zod' in value) &&
    '_def' in value &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}
