import type { Redis } from 'ioredis';
import { parseEntryLines } from '../../transcripts/parse-entry-lines.ts';
import { parseTranscript } from '../../transcripts/parse-transcript.ts';
import type { TranscriptEntries } from '../../transcripts/types.ts';

/** The most lines one read takes from a session's list; the rest is for the next call (from `next`). */
export const MAX_REDIS_ENTRIES_READ_LINES = 5_000;

/**
 * Every entry of a session's list from index `from` (0, or the `next` of an earlier read), as written: its
 * first item is the metadata (read whatever `from` is); a `from` past the list's end (the session was
 * deleted and made again) starts again at 0 and says so (`reset`). Items are whole lines (each RPUSH adds
 * whole ones), so none is left for later but those past the bound. Damaged items are reported with their
 * numbers (1-based, as the file store numbers lines). `undefined` when there is no such session.
 */
export async function readRedisEntries(options: { redis: Redis; key: string; from?: number; where: string }): Promise<TranscriptEntries | undefined> {
  const { redis, key } = options;
  const asked = options.from ?? 0;
  const replies = ((await redis.multi().llen(key).lindex(key, 0).exec()) ?? []) as [Error | null, unknown][];
  const failed = replies.find(([error]) => error);
  if (failed) throw failed[0];
  const length = Number(replies[0]?.[1] ?? 0);
  const first = replies[1]?.[1];
  if (typeof first !== 'string' || length === 0) return undefined;
  const metadata = parseTranscript(`${first}\n`, { file: options.where }).metadata;
  const valid = Number.isSafeInteger(asked) && asked >= 0 && asked <= length;
  const from = valid && asked > 0 ? asked : 1;
  const lines = from < length ? await redis.lrange(key, from, Math.min(length, from + MAX_REDIS_ENTRIES_READ_LINES) - 1) : [];
  const { entries, problems } = parseEntryLines(lines.map((text, index) => ({ text, number: from + index + 1 })));
  const read: TranscriptEntries = { metadata, entries, next: from + lines.length, problems };
  if (!valid) read.reset = true;
  return read;
}
