/**
 * What a chaos run left behind once every worker stopped: checkout folders in the workers' workspace roots,
 * and processes (a tool's command, a sandbox) still running with their working directory or command line
 * inside the run's folder. Read from the file system and /proc only; nothing is signalled.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export function findLeftoverCheckouts(roots: readonly string[]): string[] {
  return roots.flatMap((root) => (existsSync(root) ? readdirSync(root).map((name) => path.join(root, name)) : []));
}

/** Processes other than this one whose cwd or command line is inside `folder`: "pid command". */
export function findLeftoverProcesses(folder: string): string[] {
  if (!existsSync('/proc/self')) return [];
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
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
