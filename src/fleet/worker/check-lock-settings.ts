import { CodevError } from '../../errors/codev-error.ts';

/**
 * The shortest job lock a worker takes. BullMQ renews a lock every half of its duration; the lock is the fence
 * of every write of an attempt (see `JobFence`), so a lock that a healthy worker loses to an ordinary stall (a
 * garbage collection, a burst of git children, a Redis failover, a slow round trip) stops a healthy attempt,
 * which then redoes its turn elsewhere. Below 5 s a renewal has under 2.5 s to get through: too little to trust.
 */
export const MIN_LOCK_DURATION_MS = 5_000;

/** The names the settings have where they were given: the worker's options, or `codev worker`'s flags. */
export interface LockSettingNames {
  lockDuration: string;
  stalledInterval: string;
}

const OPTION_NAMES: LockSettingNames = { lockDuration: 'lockDurationMs', stalledInterval: 'stalledIntervalMs' };

/**
 * Refuses lock settings a job's attempts cannot be fenced with, with 'FLEET_LOCK_UNSAFE' naming the setting
 * (`field`) and a safe value (`hint`): a lock duration under `MIN_LOCK_DURATION_MS`, and anything not a whole
 * number of ms. The stalled-job check interval is free: BullMQ moves a job back only once its lock is gone,
 * whatever the interval, so it sets how soon a dead worker's job is taken over, never whether two attempts
 * can both write.
 */
export function checkLockSettings(settings: { lockDurationMs?: number; stalledIntervalMs?: number }, names: LockSettingNames = OPTION_NAMES): void {
  const { lockDurationMs, stalledIntervalMs } = settings;
  for (const [value, field] of [[lockDurationMs, names.lockDuration], [stalledIntervalMs, names.stalledInterval]] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value <= 0)) throw new CodevError('FLEET_LOCK_UNSAFE', `${field} must be a whole number of milliseconds above 0, not ${value}`, { field, hint: `give ${field} in milliseconds, e.g. ${MIN_LOCK_DURATION_MS}` });
  }
  if (lockDurationMs !== undefined && lockDurationMs < MIN_LOCK_DURATION_MS) {
    throw new CodevError('FLEET_LOCK_UNSAFE', `A job lock of ${lockDurationMs} ms is renewed every ${lockDurationMs / 2} ms: a healthy worker would lose its jobs to an ordinary stall`, {
      field: names.lockDuration,
      hint: `use ${MIN_LOCK_DURATION_MS} ms or more (the default is 30000)`,
    });
  }
}
