/**
 * The clock the peers' marginal cost is timed with, in milliseconds: wall time, or with `BENCH_CLOCK=cpu`
 * the process's CPU time (user + system, every thread: GC and JIT included). On a machine shared with
 * other work, time spent waiting for a core is in the wall time of whichever case was running, and not
 * in its CPU time.
 */
export const clockMs: () => number =
  process.env.BENCH_CLOCK === 'cpu'
    ? () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) / 1000;
      }
    : () => performance.now();
