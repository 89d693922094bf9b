import type { RecordEntry, SessionRecord } from './types.ts';

/** The record kinds this codev reads; a record of another kind (a later codev's) is skipped by readers, never reported. */
const KNOWN_KINDS: ReadonlySet<string> = new Set<SessionRecord['kind']>(['tool-call', 'request', 'retry', 'model-fallback']);

/** A `record` line, whatever its kind: a transcript reader skips it without calling it damaged. */
export function isRecordEntry(entry: unknown): entry is RecordEntry {
  const line = entry as Partial<RecordEntry> | null;
  return line?.type === 'record' && typeof line.record === 'object' && line.record !== null && typeof (line.record as { kind?: unknown }).kind === 'string';
}

/** A record of a kind this codev knows (`isRecordEntry` first). */
export function isKnownRecord(entry: RecordEntry): boolean {
  return KNOWN_KINDS.has(entry.record.kind);
}

/** A record of a known kind with the fields a reader relies on (one edited into something else is not). */
export function isWholeRecord(record: SessionRecord): boolean {
  const fields = record as Record<string, unknown>;
  const number = (name: string) => typeof fields[name] === 'number';
  const string = (name: string) => typeof fields[name] === 'string';
  const error = () => typeof (fields.error as { message?: unknown } | null)?.message === 'string';
  switch (record.kind) {
    case 'tool-call':
      return string('toolUseId') && string('toolName') && typeof fields.isError === 'boolean' && number('durationMs');
    case 'request':
      return number('turn') && string('model') && typeof fields.usage === 'object' && fields.usage !== null && (fields.costUsd === null || number('costUsd')) && number('durationMs');
    case 'retry':
      return number('turn') && number('attempt') && number('waitMs') && error();
    case 'model-fallback':
      return number('turn') && string('from') && string('to') && error();
  }
}

