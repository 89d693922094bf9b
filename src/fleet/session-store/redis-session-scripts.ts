/**
 * The Lua scripts of the Redis session store. Each checks the lock's token first, inside Redis, so a
 * writer whose lock expired (a process paused past the TTL) and was taken over can never add lines after
 * the new writer's: its writes fail instead. Each may run twice: a client sends a command again when the
 * connection drops before its reply (ioredis does, on reconnecting), so a script that already ran must
 * find its own work done and say so, never do it again.
 */

/** What `APPEND_SCRIPT` returns first; the list's length (before the write) comes second. */
export const APPENDED = 1;
export const LOCK_LOST = -1;
export const SESSION_EXISTS = 0;
export const SESSION_GONE = -2;
/** The list is shorter than the writer left it: lines it wrote are gone (Redis restarted and lost its last writes). */
export const LINES_MISSING = -3;
/** The list holds lines the writer did not write where its next ones go. */
export const LINES_FOREIGN = -4;

/**
 * KEYS: entries, lock, index, written. ARGV: token, session id, `create` | `append`, position (how many
 * lines the writer left in the list: 0 to create), lines (at most a few thousand: `unpack` puts them on
 * Lua's stack). Pushes the lines only when the list is exactly as long as `position`, with one RPUSH, and
 * notes who wrote up to where (`written`); when the note says this writer already wrote these lines (the
 * script ran and its reply was lost), it answers `APPENDED` without pushing them again; otherwise it says
 * what it found. Then the index score from Redis' own clock, so machines whose clocks differ still list
 * sessions in the order they were written.
 */
export const APPEND_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return {${LOCK_LOST}, 0} end
local position = tonumber(ARGV[4])
local after = position + #ARGV - 4
local length = redis.call('LLEN', KEYS[1])
if length == position and (position > 0 or ARGV[3] == 'create') then
  redis.call('RPUSH', KEYS[1], unpack(ARGV, 5))
  redis.call('SET', KEYS[4], ARGV[1] .. ' ' .. after)
  local time = redis.call('TIME')
  redis.call('ZADD', KEYS[3], time[1] * 1000 + math.floor(time[2] / 1000), ARGV[2])
  return {${APPENDED}, length}
end
if length == after and redis.call('GET', KEYS[4]) == ARGV[1] .. ' ' .. after then return {${APPENDED}, position} end
if ARGV[3] == 'create' then return {${SESSION_EXISTS}, length} end
if length == 0 then return {${SESSION_GONE}, 0} end
if length < position then return {${LINES_MISSING}, length} end
return {${LINES_FOREIGN}, length}
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

/**
 * KEYS: entries, lock, index, written. ARGV: token, session id. Removes the session, keeping the lock (its
 * holder releases it after), so that the script run again finds the lock still this writer's and nothing
 * left to delete: 1, or 0 when there was no session; `LOCK_LOST` when the lock is not this writer's.
 */
export const DELETE_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return ${LOCK_LOST} end
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('DEL', KEYS[4])
return redis.call('DEL', KEYS[1])
`;
