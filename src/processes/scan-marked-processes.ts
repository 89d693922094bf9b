import { performance } from 'node:perf_hooks';
import { findMarkedProcesses } from './find-marked-processes.ts';

type Found = Map<string, number[]> | undefined;

let next: { at: number; timer: NodeJS.Timeout; result: Promise<Found>; resolve: (found: Found) => void } | undefined;
let lastEnd = 0;
let lastDuration = 0;

/**
 * A scan of the marked processes (see `findMarkedProcesses`) that begins after this call, at most `withinMs`
 * later: so what it finds was looked for after anything the caller did before. Callers share scans: a scan
 * already planned within the time is joined, and a scan never begins sooner after the last one than that one
 * took, so many commands stopping at once cost one scan at a time, not one each.
 */
export function scanMarkedProcesses(options: { withinMs: number }): Promise<Found> {
  const now = performance.now();
  const at = Math.max(now + options.withinMs, lastEnd + lastDuration);
  if (next && next.at <= at) return next.result;
  if (next) {
    // A planned scan later than this caller wants: bring it forward, for everyone waiting on it.
    clearTimeout(next.timer);
    next.at = at;
    next.timer = setTimeout(run, at - now);
    return next.result;
  }
  let resolve!: (found: Found) => void;
  const result = new Promise<Found>((settle) => (resolve = settle));
  next = { at, timer: setTimeout(run, at - now), result, resolve };
  return result;
}

function run(): void {
  const planned = next!;
  next = undefined;
  const start = performance.now();
  const found = findMarkedProcesses();
  lastEnd = performance.now();
  lastDuration = lastEnd - start;
  planned.resolve(found);
}
