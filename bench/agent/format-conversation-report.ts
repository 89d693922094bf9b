import { formatMicros, formatRatio } from '../harness/format-report.ts';
import { formatTable } from './format-table.ts';
import type { ConversationResult } from './types.ts';

/** Megabytes with one decimal. */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * The agent-turn table: µs per tool call over the whole conversation (median of the measured runs), the
 * first and the last window of the same conversation, their ratio, the process's peak RSS, what the
 * conversations added to it, and the ratio to the reference row.
 */
export function formatConversationTable(results: readonly ConversationResult[], referenceId: string): string[] {
  const reference = results.find((result) => result.id === referenceId);
  const window = results[0]?.window ?? 0;
  const header = [
    'case',
    'calls',
    'runs',
    'µs/call (median)',
    'runs min–max',
    `first ${window} µs/call`,
    `last ${window} µs/call`,
    'last/first',
    'peak RSS MB',
    'RSS added MB',
    `ratio vs ${reference?.label.split(' ')[0] ?? 'reference'}`,
  ];
  const rows = results.map((result) => [
    result.label,
    result.calls.toLocaleString('en-US'),
    String(result.runs),
    formatMicros(result.usPerCall),
    `${formatMicros(Math.min(...result.samples))}–${formatMicros(Math.max(...result.samples))}`,
    formatMicros(result.firstUsPerCall),
    formatMicros(result.lastUsPerCall),
    formatRatio(result.lastUsPerCall / result.firstUsPerCall),
    formatMegabytes(result.maxRss),
    formatMegabytes(Math.max(0, result.maxRss - result.rssBefore)),
    reference ? formatRatio(result.usPerCall / reference.usPerCall) + (result === reference ? ' (ref)' : '') : '',
  ]);
  return formatTable([header, ...rows]);
}
