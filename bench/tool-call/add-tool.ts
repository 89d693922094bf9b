import { z } from 'zod';

/** The one trivial tool every tool-call case runs: the same schema and the same function everywhere. */
export const ADD_TOOL = {
  name: 'Add',
  description: 'Adds two numbers.',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }: { a: number; b: number }): number => a + b,
} as const;

/** The model's inputs for `count` calls (distinct, so no layer can cache a result). */
export function addInputs(count: number): { a: number; b: number }[] {
  return Array.from({ length: count }, (_, index) => ({ a: index, b: 2 }));
}
