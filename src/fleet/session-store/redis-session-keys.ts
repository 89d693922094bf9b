/** Where the Redis session store keeps things, all under one prefix (several fleets can share a Redis). */
export interface RedisSessionKeys {
  /** Sorted set of session ids, scored by when each was last written (ms, Redis' clock). */
  index: string;
  /** List of a session's transcript lines, oldest first: one JSON entry per item. */
  entries(id: string): string;
  /** The one-writer lock of a session: a string naming its holder, with a TTL. */
  lock(id: string): string;
  /** The lock token of the writer that wrote to a session last and the list's length after it: `<token> <length>`. */
  written(id: string): string;
}

/** The keys of the Redis session store under `prefix`: `<prefix>:sessions`, and `<prefix>:session:<id>:` + `entries`, `lock`, `written`. */
export function redisSessionKeys(prefix: string): RedisSessionKeys {
  return {
    index: `${prefix}:sessions`,
    entries: (id) => `${prefix}:session:${id}:entries`,
    lock: (id) => `${prefix}:session:${id}:lock`,
    written: (id) => `${prefix}:session:${id}:written`,
  };
}
