import type { Benchmark, CaseResult } from './types.ts';

/**
 * The printed report of one benchmark: title, methods, a table (case, ops per round, median µs/op, the
 * spread of the rounds, and the ratio to the reference case), then the cases' notes and the benchmark's
 * own summary lines.
 */
export function formatReport(benchmark: Benchmark, results: readonly CaseResult[]): string {
  const reference = results.find((result) => result.id === benchmark.reference);
  const header = ['case', 'ops/round', 'µs/op (median)', 'rounds min–max', `ratio vs ${reference?.label ?? 'reference'}`];
  const rows = results.map((result) => [
    result.label,
    result.ops.toLocaleString('en-US'),
    formatMicros(result.usPerOp),
    `${formatMicros(Math.min(...result.samples))}–${formatMicros(Math.max(...result.samples))}`,
    reference ? formatRatio(result.usPerOp / reference.usPerOp) + (result === reference ? ' (ref)' : '') : '',
  ]);
  const lines = [
    `## ${benchmark.title}`,
    '',
    ...benchmark.methods.map((method) => `- ${method}`),
    '',
    ...formatTable([header, ...rows]),
  ];
  const notes = results.flatMap((result) => result.notes.map((note) => `- ${result.label}: ${note}`));
  if (notes.length > 0) lines.push('', ...notes);
  const summary = benchmark.summarize?.(results) ?? [];
  if (summary.length > 0) lines.push('', ...summary);
  return `${lines.join('\n')}\n`;
}

/** Microseconds with three significant digits (0.0412, 3.18, 41.2, 1,234). */
export function formatMicros(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toPrecision(3);
}

/** A ratio such as `4.12×`. */
export function formatRatio(value: number): string {
  return `${value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3)}×`;
}

function formatTable(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)];
}
