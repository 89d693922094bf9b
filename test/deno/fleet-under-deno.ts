/**
 * Run by test/deno/deno.test.ts under Deno with `CODEV_REDIS_URL` set to a Redis the test started: the fleet's
 * submit → work → result path inside Deno — `codev/fleet` with bullmq and ioredis from node_modules, a worker,
 * the fake Messages API server and the real SDK. Prints one JSON line, closes every client and server, and
 * ends on its own (BullMQ does not close clients it was handed: a handle left open would hang the test).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFleet } from 'codev/fleet';
import { createFakeMessagesServer, textReply } from 'codev/testing';

const project = mkdtempSync(path.join(os.tmpdir(), 'codev-deno-fleet-'));
writeFileSync(path.join(project, 'package.json'), '{ "name": "deno-fleet", "private": true }\n');
writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You run under Deno.' };\n");
const server = await createFakeMessagesServer({ apiKey: 'deno-test-key', script: [textReply('done under deno')] });
const fleet = await createFleet({ queue: `deno-${crypto.randomUUID().slice(0, 8)}` });
try {
  const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'deno-test-key', ANTHROPIC_BASE_URL: server.url }, workspaceRoot: path.join(project, 'workspaces'), scriptRoots: [project] });
  try {
    const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'hello from deno' });
    const events: string[] = [];
    for await (const event of job.events({ signal: AbortSignal.timeout(30_000) })) events.push(event.type);
    const result = await job.result({ timeoutMs: 5_000 });
    console.log(JSON.stringify({ type: 'fleet', deno: typeof (globalThis as { Deno?: unknown }).Deno === 'object', events, result: { status: result.status, text: result.text, turns: result.turns } }));
  } finally {
    await worker.close();
  }
} finally {
  await fleet.close();
  await server.close();
  rmSync(project, { recursive: true, force: true });
}
