/**
 * `codev run` on Bedrock stopped by SIGTERM or SIGINT while its model request streams (the server sent a part of the
 * reply and stalls): the run ends with the signal's exit code, the session keeps the prompt and no part of the cut
 * reply, no lock is left, and --resume goes on.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { createFakeBedrockServer, textReply, type FakeProviderServer, type RecordedRequest } from '../../src/testing/index.ts';
import { BIN, EMPTY_HOME, runCodev } from '../cli/run-codev.ts';

/** A bound against a hang only. */
const EXIT_WITHIN_MS = 20_000;
const keys = { AWS_ACCESS_KEY_ID: 'AKIAATTACKBSIGNAL01', AWS_SECRET_ACCESS_KEY: 'attack-b-signal-secret' };

let project: TempProject;
let server: FakeProviderServer;

const firstText = (request: RecordedRequest) => JSON.stringify(request.body.messages?.[0]?.content ?? '');

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'agent.ts': "export default { system: 'Be brief.' };\n" } });
  // A prompt naming "stall" gets half a reply and then nothing; every other request (the resume) ends.
  server = await createFakeBedrockServer({
    ...{ accessKeyId: keys.AWS_ACCESS_KEY_ID, secretAccessKey: keys.AWS_SECRET_ACCESS_KEY, region: 'us-east-1' },
    script: (request) => (request.body.messages?.length === 1 && firstText(request).includes('stall') ? { content: [{ type: 'text', text: 'cut reply never kept' }], breakAfterEvents: 4, breakWith: 'stall' } : textReply('done')),
  });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

const environment = () => ({ CODEV_PROVIDER: 'bedrock', ANTHROPIC_BEDROCK_BASE_URL: server.url, AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true', ...keys, CODEV_MAX_RETRIES: '0', CODEV_SANDBOX: '0', NO_COLOR: '1' });
const sessionsFolder = () => project.path('.codev/sessions');

function sessionNaming(word: string): { id: string; text: string } {
  for (const name of readdirSync(sessionsFolder()).filter((file) => file.endsWith('.jsonl'))) {
    const text = readFileSync(path.join(sessionsFolder(), name), 'utf8');
    if (text.includes(word)) return { id: name.replace(/\.jsonl$/, ''), text };
  }
  throw new Error(`no session names ${word}`);
}

describe('codev run on Bedrock stopped by a signal mid-stream', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s: exit %i, the prompt kept, the cut reply not, no lock, --resume goes on', async (signal, exitCode) => {
    const word = `stall-${signal}-${process.pid}`;
    const before = server.requests.length;
    const child = spawn(process.execPath, [BIN, 'run', project.path('agent.ts'), `please ${word}`, '--output-format', 'stream-json'], {
      cwd: project.root,
      env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ...environment() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, how) => resolve({ code, signal: how })));
    const hang = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
    try {
      const arrived = await waitUntil(() => server.requests.length > before, EXIT_WITHIN_MS);
      expect(arrived, output).toBe(true);
      child.kill(signal);
      expect(await exited, output).toEqual({ code: exitCode, signal: null });
    } finally {
      clearTimeout(hang);
    }
    const session = sessionNaming(word);
    expect(session.text).not.toContain('cut reply never kept');
    expect(existsSync(path.join(sessionsFolder(), `${session.id}.lock`))).toBe(false);
    const resumed = await runCodev(['run', project.path('agent.ts'), 'go on', '--resume', session.id, '--output-format', 'stream-json'], { ...environment(), CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1)!)).toMatchObject({ type: 'end', reason: 'end_turn' });
  }, 60_000);
});
