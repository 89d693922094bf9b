/**
 * The Lua scripts of the Redis session store. Each checks the lock's token first, inside Redis, so a
 * writer whose lock expired (a process paused past the TTL) and was taken over can never add lines after
 * the new writer's: its writes fail instead.
 */

/** What `APPEND_SCRIPT` returns. */
export const APPENDED = 1;
export const LOCK_LOST = -1;
export const SESSION_EXISTS = 0;
export const SESSION_GONE = -2;

/**
 * KEYS: entries, lock, index. ARGV: token, session id, `create` | `append`, lines (at most a few
 * thousand: `unpack` puts them on Lua's stack). One RPUSH of the new lines, then the index score from
 * Redis' own clock, so machines whose clocks differ still list sessions in the order they were written.
 */
export const APPEND_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return ${LOCK_LOST} end
local exists = redis.call('EXISTS', KEYS[1])
if ARGV[3] == 'create' and exists == 1 then return ${SESSION_EXISTS} end
if ARGV[3] == 'append' and exists == 0 then return ${SESSION_GONE} end
redis.call('RPUSH', KEYS[1], unpack(ARGV, 4))
local time = redis.call('TIME')
redis.call('ZADD', KEYS[3], time[1] * 1000 + math.floor(time[2] / 1000), ARGV[2])
return ${APPENDED}
`;

/** KEYS: lock. ARGV: token, ttl ms. 1 when renewed, 0 when the lock is no longer this writer's. */
export const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** KEYS: lock. ARGV: token. Deletes the lock only while it is still this writer's. */
export const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** KEYS: entries, lock, index. ARGV: token, session id. Removes the session and its lock; 0 when there was none. */
export const DELETE_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return ${LOCK_LOST} end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
`;
