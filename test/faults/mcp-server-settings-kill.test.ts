import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/settings-writer-worker.ts');
/** Runs a TypeScript file the way bin/codev.mjs does (jiti); its argv[1] is the file, then its arguments. */
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";

function startWorker(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('ready') && resolve());
    child.on('close', () => reject(new Error(`worker exited before it was ready: ${stderr}`)));
  });
  ready.catch(() => {});
  return { child, exited, ready };
}

// "Allow always" answered over MCP writes .codev/settings.local.json through a temp file renamed over it. A server
// killed (kill -9) at any moment must leave the file valid and, once the next codev has started, no temp file.
describe('a process killed while it saves "allow always" rules', () => {
  it('leaves .codev/settings.local.json valid and no temp file once the next codev has cleaned up', async () => {
    const journals = mkdtempSync(path.join(os.tmpdir(), 'codev-faults-')); // the children's TMPDIR: their journals alone
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-faults-'));
    folders.push(journals, project);
    mkdirSync(path.join(project, '.codev'));
    const file = path.join(project, '.codev', 'settings.local.json');
    // Large, so that each save spends long enough with its temp file on disk for one of the kills to land there.
    writeFileSync(file, JSON.stringify({ permissions: { allow: Array.from({ length: 100_000 }, (_, index) => `Read(./kept-${index}.txt)`) } }));
    for (let kill = 0; kill < 20; kill++) {
      const writer = startWorker(['loop', file], { TMPDIR: journals });
      await writer.ready;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      writer.child.kill('SIGKILL');
      await writer.exited;
      const settings = JSON.parse(readFileSync(file, 'utf8')) as { permissions: { allow: string[] } };
      expect(settings.permissions.allow).toContain('Read(./kept-99999.txt)');
    }
    const cleaner = startWorker(['cleanup'], { TMPDIR: journals });
    const cleaned = await cleaner.exited;
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(readdirSync(path.join(project, '.codev'))).toEqual(['settings.local.json']);
  }, 120_000);
});
