import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../execution/types.ts';
import type { Kernel } from '../kernel/create-kernel.ts';
import { holdSession, type SessionLease } from '../session/hold-session.ts';
import type { AgentOptions } from './types.ts';

/** The name prefix of a standalone agent's session folder, in the temp folder. */
export const STANDALONE_SESSION_PREFIX = 'codev-session-';

/** The sessions an agent holds, by folder. */
export interface SessionLeases {
  /** Holds the context's session folder (once per folder); a subagent holds none: its folder is inside its parent's and ends with it. */
  hold(context: ToolUseContext): Promise<SessionLease> | undefined;
  /** Releases every session held, forgetting them. */
  releaseAll(): Promise<void>;
}

/**
 * The session leases of an agent. Holding a folder also removes what processes now gone left beside it:
 * a standalone agent's temp session folders, or a kernel's sessions; a `createToolUseContext` agent's none.
 */
export function createSessionLeases(agentOptions: AgentOptions & { kernel?: Kernel }): SessionLeases {
  const leases = new Map<string, Promise<SessionLease>>();
  const { kernel, createToolUseContext } = agentOptions;
  return {
    hold(context) {
      if (agentOptions.subagent || leases.has(context.sessionDirectory)) return leases.get(context.sessionDirectory);
      const standalone = !kernel && !createToolUseContext;
      const leftovers = standalone ? { directory: os.tmpdir(), prefix: STANDALONE_SESSION_PREFIX } : kernel && !createToolUseContext ? { directory: path.dirname(context.sessionDirectory) } : undefined;
      const lease = holdSession({ sessionDirectory: context.sessionDirectory, leftovers });
      leases.set(context.sessionDirectory, lease);
      return lease;
    },
    async releaseAll() {
      const held = [...leases.values()];
      leases.clear();
      await Promise.all(held.map(async (lease) => (await lease).release()));
    },
  };
}
