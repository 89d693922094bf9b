/**
 * What a chaos run left behind once every worker stopped: checkout folders in the workers' workspace roots,
 * and processes (a tool's command, a sandbox) still running with their working directory or command line
 * inside the run's folder. Read from the file system and /proc only; nothing is signalled.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** What is in the workspace roots: a checkout, or a job's entry in a worker's own dot-folder (its saved git config). */
export function findLeftoverCheckouts(roots: readonly string[]): string[] {
  const entries = (folder: string) => (existsSync(folder) ? readdirSync(folder).map((name) => path.join(folder, name)) : []);
  return roots.flatMap((root) => entries(root).flatMap((entry) => (path.basename(entry).startsWith('.') ? entries(entry) : [entry])));
}

/** Processes other than this one and `except` whose cwd or command line is inside `folder`: "pid command". */
export function findLeftoverProcesses(folder: string, except: readonly number[] = []): string[] {
  if (!existsSync('/proc/self')) return [];
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid || except.includes(Number(name))) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (cwd === folder || cwd.startsWith(`${folder}/`) || command.includes(folder)) found.push(`${name} ${command.slice(0, 200)}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
