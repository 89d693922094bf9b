// Preloaded (`node --require`, which costs about nothing where `--import` would start the ESM loader) into
// every process the cold-start benchmark starts: when the process exits it writes, to fd 3 (a pipe the bench
// opened), the CPU time it used. Node 20 reports no child's resource usage to its parent, so the child reports
// its own: `process.resourceUsage()` (every thread, µs) plus, from /proc/self/stat, the CPU of the children it
// waited for (the shell and bwrap of a Bash call), which Linux gives only in clock ticks. Only the bench's own
// child writes (its parent's pid is in COLD_START_BENCH_PID): worker threads inherit --require, and a node
// process the command starts with the same flags may have fd 3 open on a file of its own.
const { readFileSync, writeSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux whatever the kernel's HZ

if (isMainThread && String(process.ppid) === process.env.COLD_START_BENCH_PID) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    let childrenMs = 0;
    try {
      // Fields after the command name, which is in parentheses and may hold spaces: cutime and cstime are 16 and 17.
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      childrenMs = (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
    } catch {
      // Not Linux: children are not counted.
    }
    writeSync(3, `${JSON.stringify({ userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000, childrenMs })}\n`);
  });
}
