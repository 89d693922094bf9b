import type { BenchCase, BenchOptions, CaseResult } from './types.ts';

/** Rounds run before measuring (JIT warm-up, caches, lazy imports) and rounds measured. */
export const ROUNDS = {
  full: { warmup: 3, measured: 9 },
  quick: { warmup: 1, measured: 5 },
} as const;

/**
 * Measures one case: setup (untimed), warm-up rounds, then measured rounds; reports the median µs per op.
 * With `--expose-gc`, a full collection runs before each round so one round's garbage is not billed to the next.
 */
export async function measureCase(benchCase: BenchCase, options: BenchOptions): Promise<CaseResult> {
  const rounds = options.quick ? ROUNDS.quick : ROUNDS.full;
  const runner = await benchCase.setup(options);
  const collect = (globalThis as { gc?: () => void }).gc;
  const samples: number[] = [];
  try {
    for (let round = 0; round < rounds.warmup + rounds.measured; round++) {
      collect?.();
      const usPerOp = await runner.round();
      if (round >= rounds.warmup) samples.push(usPerOp);
    }
  } finally {
    await runner.teardown?.();
  }
  return { id: benchCase.id, label: benchCase.label, ops: runner.ops, usPerOp: median(samples), samples, notes: runner.notes ?? [] };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Times `count` sequential runs of `operation` and returns µs per run. */
export async function timeEach(count: number, operation: (index: number) => unknown): Promise<number> {
  const startedAt = performance.now();
  for (let index = 0; index < count; index++) await operation(index);
  return ((performance.now() - startedAt) * 1000) / count;
}

/** Like {@link timeEach} for synchronous work: no `await` between runs, so no microtask cost is billed. */
export function timeEachSync(count: number, operation: (index: number) => unknown): number {
  const startedAt = performance.now();
  for (let index = 0; index < count; index++) operation(index);
  return ((performance.now() - startedAt) * 1000) / count;
}
