/** The bench vocabulary: a benchmark, its cases, and what a measured case reports. Types only. */

/** Options every case receives. */
export interface BenchOptions {
  /** `--quick`: fewer operations per round, fewer rounds. */
  quick: boolean;
}

/** A prepared case: the work is built, only `round()` is timed. */
export interface CaseRunner {
  /** Operations one round performs (shown in the table). */
  ops: number;
  /** Runs one round and returns the cost of one operation in microseconds. */
  round(): Promise<number>;
  /** Releases what `setup` made (temporary folders). */
  teardown?(): Promise<void> | void;
  /** Facts about the work, printed under the table (e.g. how the decisions came out). */
  notes?: readonly string[];
}

/** One way of doing the benchmark's work (codev, a peer, or a baseline). */
export interface BenchCase {
  /** Stable id, used on the command line (`--case <benchmark>:<case>`). */
  id: string;
  /** The row label. */
  label: string;
  /** Builds everything outside the timed region. */
  setup(options: BenchOptions): Promise<CaseRunner>;
}

/** A benchmark: one table of cases doing the same work. */
export interface Benchmark {
  id: string;
  title: string;
  /** The case every ratio is relative to (codev's main row). */
  reference: string;
  /** How each row is measured, printed above the table. */
  methods: readonly string[];
  cases: readonly BenchCase[];
  /** Sentences printed under the table, computed from the results (e.g. "codev beats both peers"). */
  summarize?(results: readonly CaseResult[]): readonly string[];
}

/** What one measured case reports. */
export interface CaseResult {
  id: string;
  label: string;
  ops: number;
  /** The median over the measured rounds, in microseconds per operation. */
  usPerOp: number;
  /** Every measured round, in microseconds per operation. */
  samples: readonly number[];
  notes: readonly string[];
}
