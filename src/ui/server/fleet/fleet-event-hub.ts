import { setTimeout as sleep } from 'node:timers/promises';
import type { Fleet, JobSummary } from '../../../fleet/types.ts';
import type { UiFleetEvent, UiRateLimit } from '../../types.ts';
import { applyProgress, jobRowOf, type JobProgress } from './job-row-of.ts';

/** How often the queue is read (status, counts, rate limit): new jobs and state changes show within this. */
const POLL_MS = 2_000;
/** Counts are sent when they change, and at least this often. */
const COUNTS_EVERY_MS = 10_000;
/** The newest jobs followed, as `GET /api/fleet` lists them. */
export const FLEET_ROWS = 200;
/** Bytes of each prompt a row carries. */
export const ROW_PROMPT_BYTES = 400;
const UNFINISHED = new Set(['waiting', 'active', 'delayed', 'parked', 'prioritized', 'waiting-children']);

/** One fleet's live updates, shared by every stream of one UI server: one poll loop and one `fleet.watch` connection. */
export interface FleetEventHub {
  /** Sends `listener` each change until the returned function is called. */
  subscribe(listener: (event: UiFleetEvent) => void): () => void;
}

const hubs = new WeakMap<Fleet, FleetEventHub>();

/** The hub of `fleet` (made on first use); it runs only while someone listens, and stops with `signal`. */
export function fleetEventHub(fleet: Fleet, signal: AbortSignal): FleetEventHub {
  let hub = hubs.get(fleet);
  if (!hub) {
    hub = createFleetEventHub(fleet, signal);
    hubs.set(fleet, hub);
  }
  return hub;
}

/** The queue's rate limit as the page shows it. */
export async function uiRateLimitOf(fleet: Fleet): Promise<UiRateLimit> {
  const limit = await fleet.rateLimit();
  return { limited: limit.limited, ...(limit.untilMs !== undefined && { until: new Date(limit.untilMs).toISOString() }), delayedJobs: limit.heldJobs };
}

function createFleetEventHub(fleet: Fleet, serverSignal: AbortSignal): FleetEventHub {
  const listeners = new Set<(event: UiFleetEvent) => void>();
  const sent = new Map<string, string>();
  const summaries = new Map<string, JobSummary>();
  const progress = new Map<string, JobProgress>();
  let running: AbortController | undefined;
  let watched = new Set<string>();
  let watching: AbortController | undefined;
  let lastCounts = '';
  let countsAt = 0;

  const broadcast = (event: UiFleetEvent) => {
    for (const listener of listeners) listener(event);
  };

  /** Sends a job's row when it differs from the one sent last; a job that parked is sent with its calls. */
  async function sendRow(id: string): Promise<void> {
    const summary = summaries.get(id);
    if (!summary) return;
    const row = jobRowOf(summary, progress.get(id));
    const text = JSON.stringify(row);
    if (sent.get(id) === text) return;
    sent.set(id, text);
    const parked = row.state === 'parked' ? (await fleet.inspect(id, { recentEvents: 0, promptBytes: 0 }).catch(() => undefined))?.parked : undefined;
    broadcast({ type: 'job', job: row, ...(parked && { parked }) });
  }

  async function poll(): Promise<void> {
    const [{ counts, jobs }, rateLimit] = await Promise.all([fleet.status({ limit: FLEET_ROWS, promptBytes: ROW_PROMPT_BYTES }), uiRateLimitOf(fleet)]);
    summaries.clear();
    for (const job of jobs) summaries.set(job.id, job);
    // Bounded: only the listed jobs are remembered.
    for (const id of [...sent.keys()]) if (!summaries.has(id)) sent.delete(id);
    for (const id of [...progress.keys()]) if (!summaries.has(id)) progress.delete(id);
    for (const job of jobs) await sendRow(job.id);
    const countsText = JSON.stringify({ counts, rateLimit });
    if (countsText !== lastCounts || Date.now() - countsAt >= COUNTS_EVERY_MS) {
      lastCounts = countsText;
      countsAt = Date.now();
      broadcast({ type: 'counts', counts, rateLimit });
    }
    const unfinished = jobs.filter((job) => UNFINISHED.has(job.state)).map((job) => job.id);
    if (unfinished.some((id) => !watched.has(id))) follow(unfinished);
  }

  /** Follows the unfinished jobs' events over one connection (a new job: the watch is made again over the new set). */
  function follow(ids: readonly string[]): void {
    watching?.abort();
    const controller = new AbortController();
    watching = controller;
    watched = new Set(ids);
    void (async () => {
      try {
        const streams = await fleet.watch({ ids, signal: controller.signal });
        for await (const { jobId, event } of streams) {
          const state = progress.get(jobId) ?? {};
          progress.set(jobId, state);
          if (applyProgress(state, event)) await sendRow(jobId);
        }
      } catch {
        // Redis away or the watch stopped: the next poll follows again.
      } finally {
        if (watching === controller) watched = new Set();
      }
    })();
  }

  async function run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      // Redis away: the next poll tries again (the UI's GETs answer 503 meanwhile).
      await poll().catch(() => {});
      // The wait's abort listener goes with the wait: one per poll would pile up while a page stays open.
      await sleep(POLL_MS, undefined, { signal }).catch(() => {});
    }
    watching?.abort();
    watched = new Set();
    sent.clear();
    progress.clear();
    lastCounts = '';
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!running && !serverSignal.aborted) {
        running = new AbortController();
        const stop = running;
        // Removed when the run ends: the server's signal lives as long as `codev ui`, a run as long as a visit.
        const stopWithServer = () => stop.abort();
        serverSignal.addEventListener('abort', stopWithServer, { once: true });
        void run(stop.signal).finally(() => serverSignal.removeEventListener('abort', stopWithServer));
      } else if (lastCounts) {
        // A new stream hears the counts now, not at the next change.
        const { counts, rateLimit } = JSON.parse(lastCounts) as { counts: Record<string, number>; rateLimit: UiRateLimit };
        listener({ type: 'counts', counts, rateLimit });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          running?.abort();
          running = undefined;
        }
      };
    },
  };
}
