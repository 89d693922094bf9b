/**
 * The vocabulary of the benchmarks that do not fit the per-op harness: a whole agent conversation per run
 * (agent-turn) and fresh processes (cold-start). Types only.
 *
 * run.mjs lets a benchmark bring its own `measureCase` and `formatReport`; everything else (one process per
 * case, the result line, the case filters) is the same as for the other benchmarks.
 */
import type { BenchOptions } from '../harness/types.ts';

/** What one run of a conversation measured. */
export interface ConversationSample {
  /** Whole run (start of the SDK call to its end) divided by the tool calls, in µs. */
  usPerCall: number;
  /** µs per tool call from model request 0 to request w (the first w tool calls and their model turns). */
  firstUsPerCall: number;
  /** µs per tool call from model request n − w to the final request n (the last w tool calls). */
  lastUsPerCall: number;
}

/** A prepared conversation: everything built, only `run()` is timed (by the clock it was given). */
export interface ConversationRunner {
  /** Runs one whole conversation (n tool calls, one per model turn, then a final text turn) and checks it. */
  run(): Promise<void>;
  teardown?(): Promise<void> | void;
  notes?: readonly string[];
}

/** One row of the agent-turn table. */
export interface ConversationCase {
  id: string;
  label: string;
  /** Warm-up and measured runs; each run is a whole conversation. */
  runs: { full: { warmup: number; measured: number }; quick: { warmup: number; measured: number } };
  /** Tool calls in a warm-up run (default: the same as a measured run). */
  warmupCalls?: number;
  /** Builds the SDK, its scripted model and its tool for conversations of `calls` tool calls. */
  setup(options: BenchOptions & { calls: number; clock: ConversationClock }): Promise<ConversationRunner>;
}

/** What a conversation case reports (one JSON line from its child process). */
export interface ConversationResult {
  id: string;
  label: string;
  calls: number;
  /** The first-vs-last window, in tool calls. */
  window: number;
  runs: number;
  /** Medians over the measured runs. */
  usPerCall: number;
  firstUsPerCall: number;
  lastUsPerCall: number;
  samples: readonly number[];
  /** `process.resourceUsage().maxRSS` at the end of the case: the whole process's high-water mark, in bytes. */
  maxRss: number;
  /** RSS after setup (modules loaded, SDK and script built), before the first conversation, in bytes. */
  rssBefore: number;
  notes: readonly string[];
}

/**
 * The scripted models' shared stopwatch. Every SDK's scripted model calls `tick()` once per model request;
 * it returns the request's index in the run (0 … n: n tool-call turns, then the final text turn) and
 * records when it came, so the first and last 100 tool calls can be timed from the same marks for every SDK.
 */
export interface ConversationClock {
  tick(): number;
}

/**
 * A benchmark that measures and prints its cases itself (run.mjs calls `measureCase` in the case's own
 * process and `formatReport` in the parent), instead of the harness's µs-per-op rounds and table.
 */
export interface CustomBenchmark<Case extends { id: string; label: string }, Result extends { id: string; label: string }> {
  id: string;
  title: string;
  /** The case every ratio is relative to. */
  reference: string;
  methods: readonly string[];
  cases: readonly Case[];
  measureCase(benchCase: Case, options: BenchOptions): Promise<Result>;
  formatReport(benchmark: CustomBenchmark<Case, Result>, results: readonly Result[]): string;
}
