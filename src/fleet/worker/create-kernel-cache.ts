import { findProjectRoot } from '../../config/find-project-root.ts';
import { configSearchDirectories } from '../../files/codev-files.ts';
import type { Kernel } from '../../kernel/types.ts';
import { loadMcpConfig } from '../../mcp/load-mcp-config.ts';
import { projectFingerprint, type ProjectFingerprint } from './project-fingerprint.ts';

/** How many loaded projects a worker keeps by default (each holds its plugins in memory). */
export const DEFAULT_KERNEL_CACHE_SIZE = 8;
/**
 * A file modified this soon before a load may have been saved while it ran (or on a file system with
 * coarse times): such a kernel serves its job but is not kept, so the next job loads the project again.
 */
const SETTLE_MS = 2_000;

/** A shared kernel held by one job; `release()` when the job ends (a kernel no longer cached closes with its last holder). */
export interface KernelLease {
  kernel: Kernel;
  release(): Promise<void>;
}

/**
 * A worker's loaded projects, shared by its jobs: one kernel per key (the project, how the job's checkout
 * is loaded and its permission settings), least recently used first out past `size`, closed with the
 * worker. Before each job the project's files are checked (`projectFingerprint`): a plugin, config or
 * settings file saved, added or removed since the load makes the job load the project again, and the old
 * kernel closes once its last job ends. A kernel is kept only when it loaded cleanly, has no MCP servers
 * (a server process keeps state between calls: each job gets its own) and no file of it was modified
 * right before the load.
 */
export interface KernelCache {
  acquire(options: { key: string; projectDirectory: string; load: () => Promise<Kernel> }): Promise<KernelLease>;
  /** Closes every kernel now unused, and each other one when its job releases it. */
  close(): Promise<void>;
}

interface Entry {
  loaded: Promise<Kernel>;
  /** Set once loaded, with the fingerprint of what it loaded. */
  kernel?: Kernel;
  fingerprint?: ProjectFingerprint;
  configDirectories: readonly string[];
  holders: number;
  /** Out of the cache: closes when `holders` reaches 0. */
  retired: boolean;
  closed?: Promise<void>;
}

export function createKernelCache(options: { size?: number } = {}): KernelCache {
  const size = options.size ?? DEFAULT_KERNEL_CACHE_SIZE;
  const entries = new Map<string, Entry>();
  const closing = new Set<Promise<void>>();
  let closed = false;

  function retire(key: string | undefined, entry: Entry): void {
    if (key !== undefined && entries.get(key) === entry) entries.delete(key);
    entry.retired = true;
    if (entry.holders === 0) closeEntry(entry);
  }

  function closeEntry(entry: Entry): void {
    entry.closed ??= entry.loaded.then((kernel) => kernel.close(), () => undefined);
    closing.add(entry.closed);
    void entry.closed.finally(() => closing.delete(entry.closed!));
  }

  function load(key: string, projectDirectory: string, loadKernel: () => Promise<Kernel>): Entry {
    const startedAt = Date.now();
    const entry: Entry = { loaded: Promise.resolve(undefined as never), configDirectories: [], holders: 0, retired: closed };
    entry.loaded = (async () => {
      const root = (await findProjectRoot(projectDirectory)) ?? projectDirectory;
      entry.configDirectories = configSearchDirectories(projectDirectory, root);
      const kernel = await loadKernel();
      entry.kernel = kernel;
      entry.fingerprint = projectFingerprint({ generation: kernel.generation, configDirectories: entry.configDirectories });
      const servers = Object.keys((await loadMcpConfig({ root: kernel.root, config: kernel.config })).servers);
      const keep = kernel.errors.length === 0 && servers.length === 0 && entry.fingerprint.newestModifiedMs < startedAt - SETTLE_MS;
      if (!keep) retire(key, entry);
      return kernel;
    })();
    // A load that fails is not kept: the next job tries again (and reports its own error).
    entry.loaded.catch(() => retire(key, entry));
    if (!closed) entries.set(key, entry);
    return entry;
  }

  function isCurrent(entry: Entry): boolean {
    // Still loading: the job that started it checks the files right after; this one shares that load.
    if (!entry.kernel || !entry.fingerprint) return true;
    return projectFingerprint({ generation: entry.kernel.generation, configDirectories: entry.configDirectories }).value === entry.fingerprint.value;
  }

  return {
    async acquire({ key, projectDirectory, load: loadKernel }) {
      let entry = entries.get(key);
      if (entry && !isCurrent(entry)) retire(key, entry);
      entry = entries.get(key) ?? load(key, projectDirectory, loadKernel);
      // Most recently used last: the first entry is the one to evict.
      if (!entry.retired) {
        entries.delete(key);
        entries.set(key, entry);
      }
      for (const [oldKey, oldEntry] of entries) {
        if (entries.size <= size) break;
        retire(oldKey, oldEntry);
      }
      entry.holders += 1;
      let kernel: Kernel;
      try {
        kernel = await entry.loaded;
      } catch (error) {
        entry.holders -= 1;
        throw error;
      }
      let released = false;
      return {
        kernel,
        async release() {
          if (released) return;
          released = true;
          entry.holders -= 1;
          if (entry.retired && entry.holders === 0) {
            closeEntry(entry);
            await entry.closed;
          }
        },
      };
    },
    async close() {
      closed = true;
      for (const [key, entry] of [...entries]) retire(key, entry);
      await Promise.all([...closing]);
    },
  };
}
