import path from 'node:path';
import { findProjectRoot } from '../../config/find-project-root.ts';
import { createKernel } from '../../kernel/create-kernel.ts';
import { getAllBaseTools } from '../../tools/get-all-base-tools.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import { openUiFleet } from './open-ui-fleet.ts';
import type { UiServerContext } from './types.ts';

/** The context of a server and what closes it. */
export interface OpenedUiContext {
  context: UiServerContext;
  close(): Promise<void>;
}

/**
 * What the routes read, opened once: the project root (from `cwd` up, as every command finds it), its kernel
 * (watching: hot reload), its file session store, and the fleet when a Redis URL is given (`redis`, else
 * CODEV_REDIS_URL). A fleet that cannot be reached leaves `fleetError` set, the rest serving.
 */
export async function openUiContext(options: { cwd: string; env: Readonly<Record<string, string | undefined>>; redis?: string; queue?: string; signal: AbortSignal }): Promise<OpenedUiContext> {
  const cwd = path.resolve(options.cwd);
  const projectRoot = (await findProjectRoot(cwd)) ?? cwd;
  const kernel = await createKernel({ cwd: projectRoot, env: options.env, watch: true, baseTools: getAllBaseTools() });
  const directory = sessionsDirectory(projectRoot);
  const url = options.redis?.trim() || options.env.CODEV_REDIS_URL?.trim();
  const fleet = url ? await openUiFleet({ url, queue: options.queue ?? 'codev' }) : undefined;
  const context: UiServerContext = {
    projectRoot,
    sessionsDirectory: directory,
    sessions: createFileSessionStore({ directory }),
    kernel,
    ...(fleet && 'fleet' in fleet && { fleet: fleet.fleet }),
    ...(fleet && 'fleetError' in fleet && { fleetError: fleet.fleetError }),
    signal: options.signal,
  };
  return {
    context,
    async close() {
      await Promise.allSettled([kernel.close(), fleet && 'close' in fleet ? fleet.close() : undefined]);
    },
  };
}
