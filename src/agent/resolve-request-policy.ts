import { CodevError } from '../errors/codev-error.ts';
import type { RequestPolicy } from '../tool/agent-scope.ts';
import type { AgentOptions } from './types.ts';

/**
 * Defaults: the SDK's 2 retries and 0.5 s first backoff; 90 s without a byte, as Claude Code's byte-level
 * stream watchdog (long enough for a slow first token, short enough that a dead proxy is noticed); a minute
 * at most per retry, since a longer `retry-after` is better reported than waited out in silence.
 */
export const DEFAULT_REQUEST_POLICY: RequestPolicy = Object.freeze({ maxRetries: 2, maxRetryWaitMs: 60_000, retryBaseDelayMs: 500, streamIdleTimeoutMs: 90_000 });

const ENV_NAMES = { maxRetries: 'CODEV_MAX_RETRIES', maxRetryWaitMs: 'CODEV_MAX_RETRY_WAIT_MS', streamIdleTimeoutMs: 'CODEV_STREAM_IDLE_TIMEOUT_MS' } as const;

/**
 * The request policy of an agent: each field from its option, else its environment variable, else the
 * default. A negative or non-numeric value is refused with `CONFIG_INVALID`.
 */
export function resolveRequestPolicy(options: { agentOptions: AgentOptions; env: Readonly<Record<string, string | undefined>> }): RequestPolicy {
  const { agentOptions, env } = options;
  const pick = (field: keyof RequestPolicy): number => {
    const envName = field === 'retryBaseDelayMs' ? undefined : ENV_NAMES[field];
    const raw = agentOptions[field] ?? (envName && env[envName] !== undefined && env[envName] !== '' ? Number(env[envName]) : undefined);
    if (raw === undefined) return DEFAULT_REQUEST_POLICY[field];
    if (typeof raw !== 'number' || Number.isNaN(raw) || raw < 0 || (field === 'maxRetries' && !Number.isInteger(raw))) {
      throw new CodevError('CONFIG_INVALID', `${field} must be a non-negative ${field === 'maxRetries' ? 'integer' : 'number of milliseconds'}, got ${String(agentOptions[field] ?? env[envName!])}`, {
        field: agentOptions[field] === undefined ? envName : field,
      });
    }
    return raw;
  };
  return Object.freeze({ maxRetries: pick('maxRetries'), maxRetryWaitMs: pick('maxRetryWaitMs'), retryBaseDelayMs: pick('retryBaseDelayMs'), streamIdleTimeoutMs: pick('streamIdleTimeoutMs') });
}
