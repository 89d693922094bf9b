import type { Redis } from 'ioredis';

/**
 * Runs a Lua script (EVAL; Redis caches the compiled script by its text). Not EVALSHA with a fall-back: an
 * attempt's events are sent without waiting, and a NOSCRIPT reply (the first use, a restarted Redis) re-sent
 * as EVAL would land after events sent later. Resolves to the script's reply.
 */
export async function runRedisScript(options: { redis: Redis; lua: string; keys: string[]; args: (string | number)[] }): Promise<unknown> {
  const { redis, lua, keys, args } = options;
  return await redis.eval(lua, keys.length, ...keys, ...args);
}
