import type { Redis } from 'ioredis';
import type { SessionRef } from '../../transcripts/types.ts';

/** Characters a session id may have: a prefix with any other starts no id. */
const ID_CHARACTERS = /^[A-Za-z0-9._-]*$/;
const SCAN_COUNT = 1000;

/**
 * The sessions of the index `index` (a sorted set scored by last write) whose id starts with `prefix` (all
 * without one), the most recently written first: the whole set, or a ZSCAN matching the prefix, which
 * sends back only the matches. No transcript is read.
 */
export async function listRedisSessionIds(options: { redis: Redis; index: string; prefix?: string }): Promise<SessionRef[]> {
  const { redis, index, prefix = '' } = options;
  const scores = new Map<string, number>();
  if (prefix === '') {
    const ranked = await redis.zrevrange(index, 0, -1, 'WITHSCORES');
    for (let position = 0; position + 1 < ranked.length; position += 2) scores.set(ranked[position]!, Number(ranked[position + 1]));
  } else {
    if (!ID_CHARACTERS.test(prefix)) return [];
    let cursor = '0';
    do {
      const [next, found] = await redis.zscan(index, cursor, 'MATCH', `${prefix}*`, 'COUNT', SCAN_COUNT);
      for (let position = 0; position + 1 < found.length; position += 2) scores.set(found[position]!, Number(found[position + 1]));
      cursor = next;
    } while (cursor !== '0');
  }
  return [...scores]
    .sort(([leftId, left], [rightId, right]) => right - left || leftId.localeCompare(rightId))
    .map(([id, score]) => ({ id, writtenAt: new Date(score).toISOString() }));
}
