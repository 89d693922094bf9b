import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Kernel } from '../../kernel/types.ts';
import { endUnheldSession } from '../../session/hold-session.ts';

/**
 * One job's kernel over a kernel its worker shares between jobs: the same loaded project (generation,
 * plugins, rules, hooks), but the job's own working directory (its checkout) and its own session folder,
 * which a shared kernel would otherwise give every job alike. `close()` ends the job's session when no
 * agent holds it, stops the listeners added through the view, and hands the shared kernel back (`release`);
 * it never closes the shared kernel itself, which keeps no record of the job's session (`endsWithKernel: false`).
 */
export function createKernelView(options: { kernel: Kernel; cwd: string; release: () => Promise<void> }): Kernel {
  const { kernel, cwd } = options;
  const sessionDirectory = path.join(kernel.root, '.codev', 'sessions', `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
  const listeners = new Set<() => void>();
  let closed: Promise<void> | undefined;
  return {
    cwd,
    get root() { return kernel.root; },
    get config() { return kernel.config; },
    get configFile() { return kernel.configFile; },
    get plugins() { return kernel.plugins; },
    get errors() { return kernel.errors; },
    get warnings() { return kernel.warnings; },
    get tools() { return kernel.tools; },
    get hooks() { return kernel.hooks; },
    get ruleSets() { return kernel.ruleSets; },
    get permissionContext() { return kernel.permissionContext; },
    get generation() { return kernel.generation; },
    createToolUseContext(contextOptions = {}) {
      // A carried-over context keeps its own folder (the job's, or a subagent's).
      return kernel.createToolUseContext({ ...contextOptions, cwd, endsWithKernel: false, ...(!contextOptions.carryOver && { sessionDirectory: contextOptions.sessionDirectory ?? sessionDirectory }) });
    },
    on(event, listener) {
      const stop = kernel.on(event, listener);
      listeners.add(stop);
      return () => {
        listeners.delete(stop);
        stop();
      };
    },
    reload: () => kernel.reload(),
    close() {
      closed ??= (async () => {
        for (const stop of listeners) stop();
        await endUnheldSession(sessionDirectory);
        await options.release();
      })();
      return closed;
    },
  };
}
