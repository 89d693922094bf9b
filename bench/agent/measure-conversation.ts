import type { BenchOptions } from '../harness/types.ts';
import { median } from '../harness/measure-case.ts';
import type { ConversationCase, ConversationClock, ConversationResult, ConversationSample } from './types.ts';

/**
 * Tool calls in one conversation (one per model turn, then a final text turn), and the window of the
 * first-vs-last comparison. `--quick` keeps the shape with fewer calls: a smoke run, rough numbers.
 */
export const CONVERSATION = {
  full: { calls: 1_000, window: 100 },
  quick: { calls: 200, window: 50 },
} as const;

/** A clock over conversations of `calls` tool calls: `marks[i]` is when model request i came. */
export function createConversationClock(calls: number): ConversationClock & { reset(): void; marks: Float64Array; requests(): number } {
  const marks = new Float64Array(calls + 1);
  let next = 0;
  return {
    marks,
    requests: () => next,
    reset() {
      next = 0;
      marks.fill(0);
    },
    tick() {
      const index = next++;
      if (index <= calls) marks[index] = performance.now();
      return index;
    },
  };
}

/**
 * Measures one conversation case in this process: warm-up runs (JIT, lazy imports), then measured runs,
 * each a whole conversation of sequential tool calls (one per model turn, then a final text turn).
 * With `--expose-gc`, a full collection runs before each run. Memory is read outside the timed region
 * only: RSS once before the first conversation, and the process's high-water mark at the end.
 */
export async function measureConversationCase(benchCase: ConversationCase, options: BenchOptions): Promise<ConversationResult> {
  const { calls, window } = options.quick ? CONVERSATION.quick : CONVERSATION.full;
  const rounds = options.quick ? benchCase.runs.quick : benchCase.runs.full;
  const warmupCalls = Math.min(benchCase.warmupCalls ?? calls, calls);
  const collect = (globalThis as { gc?: () => void }).gc;
  const samples: ConversationSample[] = [];
  const notes: string[] = [];
  const clock = createConversationClock(calls);
  const runner = await benchCase.setup({ ...options, calls, clock });
  const warm = rounds.warmup > 0 && warmupCalls !== calls ? await benchCase.setup({ ...options, calls: warmupCalls, clock: createConversationClock(warmupCalls) }) : undefined;
  notes.push(...(runner.notes ?? []));
  const rssBefore = process.memoryUsage.rss();
  try {
    if (warm) for (let round = 0; round < rounds.warmup; round++) await warm.run();
    const warmups = warm ? 0 : rounds.warmup;
    for (let round = 0; round < warmups + rounds.measured; round++) {
      collect?.();
      clock.reset();
      const startedAt = performance.now();
      await runner.run();
      const endedAt = performance.now();
      if (clock.requests() !== calls + 1) throw new Error(`${benchCase.id}: expected ${calls + 1} model requests, got ${clock.requests()}`);
      if (round < warmups) continue;
      const { marks } = clock;
      samples.push({
        usPerCall: ((endedAt - startedAt) * 1000) / calls,
        firstUsPerCall: ((marks[window]! - marks[0]!) * 1000) / window,
        lastUsPerCall: ((marks[calls]! - marks[calls - window]!) * 1000) / window,
      });
    }
  } finally {
    await warm?.teardown?.();
    await runner.teardown?.();
  }
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (warm) notes.push(`warm-up: ${rounds.warmup} conversation(s) of ${warmupCalls.toLocaleString('en-US')} calls, then ${rounds.measured} of ${calls.toLocaleString('en-US')}`);
  return {
    id: benchCase.id,
    label: benchCase.label,
    calls,
    window,
    runs: samples.length,
    usPerCall: median(samples.map((sample) => sample.usPerCall)),
    firstUsPerCall: median(samples.map((sample) => sample.firstUsPerCall)),
    lastUsPerCall: median(samples.map((sample) => sample.lastUsPerCall)),
    samples: samples.map((sample) => sample.usPerCall),
    maxRss,
    rssBefore,
    notes,
  };
}
