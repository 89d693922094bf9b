/**
 * What the fleet bench started and must stop: its child processes (redis-server, worker processes, the
 * local agent process) and its temp folders. Everything is released at the end, on an error, and on
 * Ctrl-C or SIGTERM: each child is killed by its own pid (SIGKILL when it is still there at exit), never by
 * name, and each folder removed. Not run on its own: imported by `fleet-bench.mjs`.
 */
import { rmSync } from 'node:fs';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<string>} */
const folders = new Set();
let installed = false;

/** Kills every owned child still running (SIGKILL) and removes every owned folder. Synchronous: safe in an `exit` handler. */
export function releaseAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}

function install() {
  if (installed) return;
  installed = true;
  process.once('exit', releaseAll);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      process.stderr.write(`\nfleet bench: ${signal}, stopping what it started\n`);
      releaseAll();
      process.exit(130);
    });
  }
}

/** Owns a child process until it exits. */
export function ownChild(child) {
  install();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Owns a folder: removed at the end of the run. */
export function ownFolder(folder) {
  install();
  folders.add(folder);
  return folder;
}
