import path from 'node:path';
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
  return record?.type === 'rewind' && Number.isInteger(record.turn) && typeof record.timestamp === 'string' && isRoots(record.before) && (record.after === undefined || isRoots(record.after)) && Array.isArray(record.kept) && record.kept.every((path) => typeof path === 'string');
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

/** A git object id (SHA-1 or SHA-256): what the store wrote, never an option or a revision git would parse. */
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

// A transcript is a file of the project anyone who can write there can change: an entry git or a restore
// would read otherwise (a tree `--output=…`, a root `a/../..`, a large file `../x`) is no entry.
function isRoots(value: unknown): value is RootSnapshot[] {
  return Array.isArray(value) && value.every((root: Partial<RootSnapshot> | null) => typeof root?.root === 'string' && isFolder(root.root) && typeof root.tree === 'string' && OBJECT_ID.test(root.tree) && Array.isArray(root.large) && root.large.every(isLargeFile));
}

function isLargeFile(value: Partial<LargeFile> | null): boolean {
  return typeof value?.path === 'string' && isInsidePath(value.path) && typeof value.size === 'number' && Number.isSafeInteger(value.size) && value.size >= 0 && typeof value.oid === 'string' && OBJECT_ID.test(value.oid) && typeof value.mode === 'string' && /^100(?:644|755)$/.test(value.mode);
}

/** An absolute, normalized folder path (what the store recorded). */
function isFolder(root: string): boolean {
  return path.isAbsolute(root) && !root.includes('\0') && path.resolve(root) === root;
}

/** A `/`-separated path relative to its root that stays inside it. */
function isInsidePath(file: string): boolean {
  return file !== '' && !file.includes('\0') && !file.startsWith('/') && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
