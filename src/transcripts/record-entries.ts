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

/** The entry of one record, stamped now. */
export function recordEntryOf(record: SessionRecord): RecordEntry {
  return { type: 'record', timestamp: new Date().toISOString(), record };
}
