import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ prompt: 'hi' });\n`,
    },
  });
});
afterAll(async () => {
  await project.cleanup();
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('codev run against a model it cannot reach', () => {
  it('prints one line with the code, the URL it tried and the fix, and exits 1', { timeout: 60_000 }, async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { code, stdout, stderr } = await runCodev(['run', 'agent.ts', '--cwd', project.root], { ANTHROPIC_BASE_URL: url, CODEV_MAX_RETRIES: '0' });
    expect(code).toBe(1);
    const line = `${stdout}${stderr}`.split('\n').find((text) => text.includes('MODEL_UNREACHABLE'));
    expect(line).toContain(url);
    expect(line).toContain('ANTHROPIC_BASE_URL');
    expect(`${stdout}${stderr}`).not.toContain('MODEL_STREAM_BROKEN');
    // On stderr: `codev run agent.ts > answer.txt` must still show why it failed.
    expect(stdout).not.toContain('MODEL_UNREACHABLE');
    expect(stderr).toContain('MODEL_UNREACHABLE');
  });

  it('names the host of a base URL that does not resolve', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runCodev(['run', 'agent.ts', '--cwd', project.root], { ANTHROPIC_BASE_URL: 'http://codev-no-such-host.invalid:8080', CODEV_MAX_RETRIES: '0' });
    expect(code).toBe(1);
    const line = `${stdout}${stderr}`.split('\n').find((text) => text.includes('MODEL_UNREACHABLE'));
    expect(line).toContain('codev-no-such-host.invalid');
  });
});
