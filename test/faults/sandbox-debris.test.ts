import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';

const BIN = fileURLToPath(new URL('../../bin/codev.mjs', import.meta.url));
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** Polls `check` every 50 ms; rejects after `timeoutMs` so a missing state fails the test instead of hanging. */
async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function codev(args: string[], cwd: string): { code: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args, '--cwd', cwd], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stderr: run.stderr };
}

describe.runIf(isSandboxAvailable())('kill -9 of codev while a sandboxed command runs', () => {
  it('the next start removes the placeholders it left, and reports no corrupt settings or config', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-debris-'));
    folders.push(project);
    const child = spawn(process.execPath, [BIN, 'tool', 'Bash', JSON.stringify({ command: 'sleep 30' }), '--allow', 'Bash', '--cwd', project], { cwd: project, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // The placeholders stand while the sandbox runs: a `.mcp.json` folder where the project has none.
      await waitFor(() => existsSync(path.join(project, '.mcp.json')), 30_000, 'the sandbox placeholders');
      child.kill('SIGKILL');
      await exited;
      const sessions = path.join(project, '.codev', 'sessions');
      const killedSessions = readdirSync(sessions);
      expect(killedSessions).toHaveLength(1);
      const started = codev(['tools'], project);
      expect(started).toEqual({ code: 0, stderr: '' });
      // Nothing of the killed codev is left: no placeholder, and not its session folder.
      expect(readdirSync(project).filter((name) => name !== '.codev')).toEqual([]);
      expect(readdirSync(sessions).filter((name) => killedSessions.includes(name))).toEqual([]);
      execFileSync('git', ['init', '-q'], { cwd: project });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
