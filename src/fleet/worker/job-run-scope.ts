import type { Redis } from 'ioredis';
import type { SessionStore } from '../../transcripts/types.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import type { FleetEvent } from '../types.ts';
import type { KernelCache } from './create-kernel-cache.ts';
import type { ModelClientCache } from './create-model-client-cache.ts';
import type { ScriptCache } from './create-script-cache.ts';

/** What a worker gives each job it runs. */
export interface JobRunScope {
  /** The worker's command connection (not a blocking one). */
  redis: Redis;
  keys: FleetKeys;
  /** The fleet's Redis session store. */
  store: SessionStore;
  /** The worker's name, in events. */
  worker: string;
  /** The folders whose agent scripts this worker runs. */
  scriptRoots: readonly string[];
  /** The repositories whose checkouts' own projects this worker loads (see `isTrustedRepository`); usually none. */
  trustedRepositories: readonly string[];
  /** Where job checkouts go. */
  workspaceRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The projects loaded for earlier jobs, shared with later ones (see `createJobKernel`); without it every job loads its own. */
  kernels?: KernelCache;
  /** The agent scripts imported for earlier jobs, by content; without it every job imports its script. */
  scripts?: ScriptCache;
  /** The model clients made for earlier jobs, shared with later ones of the same key and URL; without it every job makes its own. */
  models?: ModelClientCache;
  /** Appends events to the job's stream, in order. */
  publish(options: { jobId: string; events: readonly FleetEvent[]; attempt: number }): Promise<void>;
}
