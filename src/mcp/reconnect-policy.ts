/** How the MCP manager reconnects a server whose connection closed on its own. */
export interface McpReconnectPolicy {
  /** Attempts after one close, before the server is left failed. Default 5. */
  attempts?: number;
  /** The wait before the first attempt, in ms; each next wait doubles. Default 1,000 (1, 2, 4, 8, 16 s). */
  initialDelayMs?: number;
  /**
   * A connection that stayed up this long (ms) earns a fresh set of attempts when it closes; one that closes
   * sooner continues the count, so a server that crashes right after each start is given up. Default 60,000.
   */
  stableAfterMs?: number;
}

/** The policy with its defaults, like Claude Code's remote servers: 5 attempts, 1 s doubling. */
export function resolveReconnectPolicy(policy: McpReconnectPolicy | false | undefined): Required<McpReconnectPolicy> | undefined {
  if (policy === false) return undefined;
  return { attempts: policy?.attempts ?? 5, initialDelayMs: policy?.initialDelayMs ?? 1_000, stableAfterMs: policy?.stableAfterMs ?? 60_000 };
}

/** Resolves after `ms`, or at once when `signal` aborts (it never rejects). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
