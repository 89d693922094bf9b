import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import type { Fleet, FleetWorker } from '../../src/fleet/types.ts';
import { textReply } from '../../src/testing/index.ts';
import { useFleetAttackSetup } from './fleet-attack-setup.ts';

// Class 6, the script-root check: a worker runs only agent scripts inside its script folders. The check must
// hold for the file actually imported: a link (to the script, or to a folder on its path) swapped to outside
// the folders between the check and the import must not run the outside file. Whoever queues the job names the
// path, so the link is theirs (outside the script folders); another process swaps it as fast as it can while the
// worker runs job after job. Judged by effect: the outside script's PWNED file.

const JOBS = 40;
let fleet: Fleet | undefined;
let worker: FleetWorker | undefined;
let swapper: ChildProcess | undefined;
let queueNumber = 0;

const scripts = () => path.join(setup.run, 'scripts');
const outside = () => path.join(setup.run, 'outside');
/** The folder of links the one who queues jobs controls. */
const attacker = () => path.join(setup.run, 'attacker');
const pwned = () => path.join(setup.run, 'PWNED-script');

const setup = useFleetAttackSetup({
  prefix: 'script-swap',
  prepare: () => {
    mkdirSync(path.join(scripts(), 'team'), { recursive: true });
    mkdirSync(outside());
    mkdirSync(attacker());
    const good = "export default { system: 'A fleet job.' };\n";
    const evil = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pwned())}, 'ran');\nexport default { system: 'An evil job.' };\n`;
    writeFileSync(path.join(scripts(), 'package.json'), '{ "private": true }\n');
    writeFileSync(path.join(scripts(), 'good.ts'), good);
    writeFileSync(path.join(scripts(), 'team', 'agent.ts'), good);
    writeFileSync(path.join(outside(), 'evil.ts'), evil);
    writeFileSync(path.join(outside(), 'agent.ts'), evil);
  },
  script: () => textReply('done'),
});
afterEach(async () => {
  swapper?.kill('SIGKILL');
  swapper = undefined;
  await worker?.close({ force: true });
  worker = undefined;
  await fleet?.close();
  fleet = undefined;
  rmSync(pwned(), { force: true });
});

/** Another process that points `link` at `first` and `second` in turn (each swap one atomic rename), until killed; resolves once it swapped. */
async function startSwapping(options: { link: string; first: string; second: string }): Promise<void> {
  const code = `
const fs = require('node:fs');
const [link, first, second] = process.argv.slice(1);
const temporary = link + '.swap';
for (let turn = 0; ; turn++) {
  try { fs.unlinkSync(temporary); } catch {}
  fs.symlinkSync(turn % 2 === 0 ? second : first, temporary);
  fs.renameSync(temporary, link);
  if (turn === 100) process.stdout.write('swapping\\n');
}`;
  swapper = spawn(process.execPath, ['-e', code, options.link, options.first, options.second], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    swapper!.stdout!.once('data', () => resolve());
    swapper!.once('exit', (exitCode) => reject(new Error(`the swapper exited (${exitCode}) before swapping`)));
  });
}

/** `JOBS` jobs naming `script`, run one after another by a worker whose only script folder is `scripts/`; each one's ending. */
async function runJobs(script: string, count = JOBS): Promise<string[]> {
  fleet = await createFleet({ connection: setup.redis.url, queue: `swap-${++queueNumber}`, env: {} });
  const jobs = await fleet.submit({ script, prompts: Array.from({ length: count }, (_, index) => `job ${index}`) });
  worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: setup.server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [scripts()], lockDurationMs: 5_000, stalledIntervalMs: 2_000 });
  const endings: string[] = [];
  for (const job of jobs) {
    const result = await job.result({ timeoutMs: 60_000 });
    endings.push(result.status === 'completed' ? 'completed' : (result.error?.code ?? result.status));
  }
  return endings;
}

describe("a worker's script-root check at the moment of import", () => {
  it('never runs an outside script through a link to the script swapped between the check and the import', async () => {
    const link = path.join(attacker(), 'agent.ts');
    symlinkSync(path.join(scripts(), 'good.ts'), link);
    await startSwapping({ link, first: path.join(scripts(), 'good.ts'), second: path.join(outside(), 'evil.ts') });
    const endings = await runJobs(link);
    expect(existsSync(pwned())).toBe(false);
    for (const ending of endings) expect(['completed', 'JOB_INVALID']).toContain(ending);
  }, 180_000);

  it('never runs an outside script through a folder on its path swapped for a link to outside', async () => {
    const folder = path.join(attacker(), 'current');
    symlinkSync(path.join(scripts(), 'team'), folder);
    await startSwapping({ link: folder, first: path.join(scripts(), 'team'), second: outside() });
    const endings = await runJobs(path.join(folder, 'agent.ts'), 10 * JOBS);
    expect(existsSync(pwned())).toBe(false);
    for (const ending of endings) expect(['completed', 'JOB_INVALID']).toContain(ending);
  }, 180_000);

  it('judges a script path when the job runs: one that became a link to outside after it was queued is refused', async () => {
    const script = path.join(scripts(), 'later.ts');
    writeFileSync(script, "export default { system: 'A fleet job.' };\n");
    fleet = await createFleet({ connection: setup.redis.url, queue: `swap-${++queueNumber}`, env: {} });
    const job = await fleet.submit({ script, prompt: 'work' });
    rmSync(script);
    symlinkSync(path.join(outside(), 'evil.ts'), script);
    worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: setup.server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [scripts()] });
    const result = await job.result({ timeoutMs: 60_000 });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'JOB_INVALID' } });
    expect(existsSync(pwned())).toBe(false);
  }, 120_000);

  it("never runs a script from the worker's job checkouts, even when they are inside its script folders", async () => {
    const checkouts = path.join(scripts(), 'checkouts');
    mkdirSync(path.join(checkouts, 'earlier-job'), { recursive: true });
    writeFileSync(path.join(checkouts, 'earlier-job', 'agent.ts'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pwned())}, 'ran');\nexport default { system: 'x' };\n`);
    fleet = await createFleet({ connection: setup.redis.url, queue: `swap-${++queueNumber}`, env: {} });
    const job = await fleet.submit({ script: path.join(checkouts, 'earlier-job', 'agent.ts'), prompt: 'work' });
    worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: setup.server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [scripts()], workspaceRoot: checkouts });
    expect(await job.result({ timeoutMs: 60_000 })).toMatchObject({ status: 'failed', error: { code: 'JOB_INVALID' } });
    expect(existsSync(pwned())).toBe(false);
  }, 120_000);

  it('runs a script reached through a link that stays inside the script folders (benign)', async () => {
    const link = path.join(scripts(), 'linked.ts');
    symlinkSync(path.join(scripts(), 'team', 'agent.ts'), link);
    expect(await runJobs(link, 2)).toEqual(['completed', 'completed']);
  }, 120_000);
});
