/**
 * The small harness of the local-tool benchmarks (local-search, edit-large-file, bash-spawn, bash-memory):
 * each case does one piece of real work per run (a search, an edit, a batch of spawns, a 500 MB command),
 * timed in milliseconds over a few runs, with the case process's peak RSS. run.mjs runs each case in a
 * process of its own, so the peak RSS is that case's alone.
 */
import { formatTable } from '../agent/format-table.ts';
import { formatRatio } from '../harness/format-report.ts';
import { median } from '../harness/measure-case.ts';
import type { BenchOptions } from '../harness/types.ts';

/** A prepared case: only `run()` is timed. */
export interface TimedRunner {
  /** Operations one run performs (ms are reported per operation). */
  opsPerRun?: number;
  run(): Promise<void>;
  teardown?(): Promise<void> | void;
  notes?: readonly string[];
}

export interface TimedCase {
  id: string;
  label: string;
  /** The case this row's ratio is taken against (default: the benchmark's reference). */
  versus?: string;
  runs?: { full: { warmup: number; measured: number }; quick: { warmup: number; measured: number } };
  setup(options: BenchOptions): Promise<TimedRunner>;
}

export interface TimedResult {
  id: string;
  label: string;
  versus?: string;
  runs: number;
  opsPerRun: number;
  /** Median ms per operation over the measured runs. */
  ms: number;
  samples: number[];
  /** `process.resourceUsage().maxRSS` at the end of the case, MB. */
  peakRssMb: number;
  /** RSS after setup, before the first run, MB. */
  setupRssMb: number;
  notes: string[];
}

export interface TimedBenchmark {
  id: string;
  title: string;
  reference: string;
  methods: readonly string[];
  cases: readonly TimedCase[];
  measureCase(benchCase: TimedCase, options: BenchOptions): Promise<TimedResult>;
  formatReport(benchmark: TimedBenchmark, results: readonly TimedResult[]): string;
  summarize?(results: readonly TimedResult[]): readonly string[];
}

export const DEFAULT_RUNS = { full: { warmup: 2, measured: 7 }, quick: { warmup: 1, measured: 3 } };

/** Setup, warm-up runs, measured runs; the median ms per operation and the peak RSS. */
export async function measureTimedCase(benchCase: TimedCase, options: BenchOptions): Promise<TimedResult> {
  const runs = (benchCase.runs ?? DEFAULT_RUNS)[options.quick ? 'quick' : 'full'];
  const runner = await benchCase.setup(options);
  const collect = (globalThis as { gc?: () => void }).gc;
  const setupRssMb = process.memoryUsage.rss() / 1e6;
  const opsPerRun = runner.opsPerRun ?? 1;
  const samples: number[] = [];
  try {
    for (let run = 0; run < runs.warmup + runs.measured; run++) {
      collect?.();
      const startedAt = performance.now();
      await runner.run();
      const ms = (performance.now() - startedAt) / opsPerRun;
      if (run >= runs.warmup) samples.push(ms);
    }
  } finally {
    await runner.teardown?.();
  }
  return {
    id: benchCase.id,
    label: benchCase.label,
    ...(benchCase.versus ? { versus: benchCase.versus } : {}),
    runs: runs.measured,
    opsPerRun,
    ms: median(samples),
    samples,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
    setupRssMb,
    notes: [...(runner.notes ?? [])],
  };
}

export function formatMs(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value >= 1 ? value.toFixed(1) : value.toPrecision(2);
}

/** The table: case, runs × ops, median ms/op, min–max, peak RSS, RSS after setup, ratio vs its reference. */
export function formatTimedReport(benchmark: TimedBenchmark, results: readonly TimedResult[]): string {
  const byId = new Map(results.map((result) => [result.id, result]));
  const header = ['case', 'runs × ops', 'ms/op (median)', 'runs min–max', 'peak RSS MB', 'RSS after setup MB', 'ratio vs its codev row'];
  const rows = results.map((result) => {
    const reference = byId.get(result.versus ?? benchmark.reference);
    return [
      result.label,
      `${result.runs} × ${result.opsPerRun.toLocaleString('en-US')}`,
      formatMs(result.ms),
      `${formatMs(Math.min(...result.samples))}–${formatMs(Math.max(...result.samples))}`,
      result.peakRssMb.toFixed(0),
      result.setupRssMb.toFixed(0),
      reference ? `${formatRatio(result.ms / reference.ms)}${result === reference ? ' (ref)' : ''}` : '',
    ];
  });
  const lines = [`## ${benchmark.title}`, '', ...benchmark.methods.map((method) => `- ${method}`), '', ...formatTable([header, ...rows])];
  const notes = results.flatMap((result) => result.notes.map((note) => `- ${result.label}: ${note}`));
  if (notes.length > 0) lines.push('', ...notes);
  const summary = benchmark.summarize?.(results) ?? [];
  if (summary.length > 0) lines.push('', ...summary);
  return `${lines.join('\n')}\n`;
}

/** The repo root (bench/local-tools/ → ../..). */
export const REPO = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
