import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { OWNER_MARKER_KEY } from './command-marker.ts';

/**
 * The watchdog's script. `read` blocks until codev's end of the pipe closes, which happens however codev
 * ends, SIGKILL included; then SIGKILL to every process whose environment holds a `$1=` entry, scanning
 * `/proc` again until a scan finds none (20 rounds at most). GNU grep reads NUL-separated environments in
 * one process; a grep without `-z` (old busybox) gets a slower loop.
 */
const SCRIPT = `read -r line
key=$1
if printf 'a\\0' | grep -qz '^a$' 2>/dev/null; then zgrep=1; else zgrep=; fi
marked() {
  if [ -n "$zgrep" ]; then
    grep -lz "^$key=" /proc/[0-9]*/environ
  else
    for file in /proc/[0-9]*/environ; do tr '\\0' '\\n' <"$file" | grep -q "^$key=" && echo "$file"; done
  fi
}
round=0
while [ "$round" -lt 20 ]; do
  found=
  for file in $(marked 2>/dev/null); do
    pid=\${file#/proc/}
    kill -9 "\${pid%/environ}" 2>/dev/null && found=1
  done
  [ -z "$found" ] && exit 0
  round=$((round + 1))
  sleep 0.05 2>/dev/null || sleep 1
done`;

/**
 * Starts the process that kills what this codev started once codev is gone, even by SIGKILL, when no exit
 * handler runs: a `sh` that blocks reading a pipe from codev until it closes, then kills every process
 * carrying this codev's mark (see {@link OWNER_MARKER_KEY}). It does not carry the mark itself; it is in
 * its own session, so a terminal's Ctrl-C or hangup does not end it before codev; and neither it nor its
 * pipe keeps codev's event loop alive. Linux only (it reads `/proc`); undefined elsewhere. `key` is the
 * variable it looks for (default {@link OWNER_MARKER_KEY}).
 *
 * Its cost, measured on Linux with dash: one spawn, started once with the first command (5-10 ms from a
 * 53 MB node, as long as spawning `true`), 1.7 MB of RSS (0.5 MB PSS) and no CPU while it waits. After
 * codev ends, it kills within about 15 ms of the pipe closing.
 */
export function startExitWatchdog(options: { key?: string } = {}): ChildProcess | undefined {
  if (process.platform !== 'linux') return undefined;
  const key = options.key ?? OWNER_MARKER_KEY;
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment[key];
  let child: ChildProcess;
  try {
    child = spawn('/bin/sh', ['-c', SCRIPT, 'codev-exit-watchdog', key], { detached: true, stdio: ['pipe', 'ignore', 'ignore'], env: environment });
  } catch {
    return undefined;
  }
  // No sh: commands still end with codev's exit handler, just not after a SIGKILL.
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  // Node's pipe is a net.Socket; Bun's is a plain Writable without unref (and holds no loop open).
  const pipe = child.stdin as Partial<Socket> | null;
  const unref = () => {
    if (typeof pipe?.unref === 'function') pipe.unref();
    child.unref();
  };
  unref();
  // Deno (2.9) now and then loses an unref made before the process has started: the program never exited once done.
  child.once('spawn', unref);
  return child;
}
