import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Runs a Lua script by its SHA (EVALSHA), sending its text (EVAL) only when the server does not have it yet:
 * after a restart, or the first time. Resolves to the script's reply.
 */
export async function runRedisScript(options: { redis: Redis; lua: string; keys: string[]; args: (string | number)[] }): Promise<unknown> {
  const { redis, lua, keys, args } = options;
  const sha = shaOf(lua);
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!String(error).includes('NOSCRIPT')) throw error;
    return await redis.eval(lua, keys.length, ...keys, ...args);
  }
}

const shas = new Map<string, string>();

function shaOf(lua: string): string {
  let sha = shas.get(lua);
  if (sha === undefined) {
    sha = createHash('sha1').update(lua).digest('hex');
    shas.set(lua, sha);
  }
  return sha;
}
