import { CodevError } from '../errors/codev-error.ts';

/** How a session lock shows that its holder is alive: see `holdSessionLock`. */
export interface SessionLockTiming {
  /** How often a holder renews its lock (and checks that it is still its own), in ms. Default 10,000. */
  heartbeatMs: number;
  /**
   * How long a lock whose holder cannot be checked (another host's, or one codev cannot read) stays valid
   * after its last renewal, in ms. Default 60,000. Judged by whoever finds the lock, so every process
   * sharing a sessions folder should use the same value.
   */
  expiryMs: number;
}

export const DEFAULT_SESSION_LOCK_TIMING: Readonly<SessionLockTiming> = Object.freeze({ heartbeatMs: 10_000, expiryMs: 60_000 });

/** The defaults with `given` over them; `INPUT_INVALID` unless both are positive and the heartbeat comes well within the expiry. */
export function resolveSessionLockTiming(given: Partial<SessionLockTiming> = {}): SessionLockTiming {
  const timing = { ...DEFAULT_SESSION_LOCK_TIMING, ...given };
  for (const field of ['heartbeatMs', 'expiryMs'] as const) {
    if (!(Number.isFinite(timing[field]) && timing[field] > 0)) throw new CodevError('INPUT_INVALID', `lock.${field} must be a positive number of milliseconds, not ${String(timing[field])}`, { field: `lock.${field}` });
  }
  // A lock must be renewed several times per expiry, or one late timer lets a live holder's lock expire.
  if (timing.heartbeatMs * 2 > timing.expiryMs) throw new CodevError('INPUT_INVALID', `lock.heartbeatMs (${timing.heartbeatMs}) must be at most half of lock.expiryMs (${timing.expiryMs})`, { field: 'lock.heartbeatMs', hint: 'e.g. heartbeatMs: 10000 with expiryMs: 60000' });
  return timing;
}
