import type { LargeFile, RootSnapshot } from '../checkpoints/types.ts';
import type { CheckpointEntry, MessageEntry, RewindEntry } from './types.ts';

/** A whole `checkpoint` line: a damaged one is reported as a problem by the parser, never misread. */
export function isCheckpointEntry(entry: unknown): entry is CheckpointEntry {
  const record = entry as Partial<CheckpointEntry> | null;
  return record?.type === 'checkpoint' && Number.isInteger(record.turn) && (record.turn as number) >= 1 && optionalString(record.messageUuid) && optionalString(record.replyUuid) && typeof record.timestamp === 'string' && isRoots(record.roots);
}

/** A whole `rewind` line. */
export function isRewindEntry(entry: unknown): entry is RewindEntry {
  const record = entry as Partial<RewindEntry> | null;
  return record?.type === 'rewind' && Number.isInteger(record.turn) && typeof record.timestamp === 'string' && isRoots(record.before) && Array.isArray(record.kept) && record.kept.every((path) => typeof path === 'string');
}

/**
 * The checkpoints a fork that keeps `kept` of `messages` keeps: all but those of the turns whose reply (or,
 * without one, whose message) is among the messages left out. A checkpoint older than the last compaction
 * names messages no longer in `messages`: it is kept (the fork point is after it).
 */
export function checkpointsUpTo(options: { checkpoints: readonly CheckpointEntry[]; messages: readonly MessageEntry[]; kept: number }): CheckpointEntry[] {
  const dropped = new Set(options.messages.slice(options.kept).map((entry) => entry.uuid));
  return options.checkpoints.filter((checkpoint) => !dropped.has(checkpoint.replyUuid ?? checkpoint.messageUuid ?? ''));
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isRoots(value: unknown): value is RootSnapshot[] {
  return Array.isArray(value) && value.every((root: Partial<RootSnapshot> | null) => typeof root?.root === 'string' && typeof root.tree === 'string' && Array.isArray(root.large) && root.large.every(isLargeFile));
}

function isLargeFile(value: Partial<LargeFile> | null): boolean {
  return typeof value?.path === 'string' && typeof value.size === 'number' && typeof value.oid === 'string' && typeof value.mode === 'string';
}
