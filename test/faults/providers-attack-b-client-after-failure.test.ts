import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFakeBedrockServer, textReply, type FakeProviderServer } from '../../src/testing/index.ts';

// An agent whose provider client could not be made (a credentials file that is a FIFO) is not stuck with that
// failure: once the file is fixed, its next query makes the client and runs, as the fleet's client cache does.

let server: FakeProviderServer | undefined;
let home: string | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
  if (home) await rm(home, { recursive: true, force: true });
  home = undefined;
});

describe('an agent whose provider client failed to be made', () => {
  it('makes it again on the next query, once the cause is fixed', async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'codev-attack-b-again-'));
    const credentials = path.join(home, '.aws', 'credentials');
    await mkdir(path.dirname(credentials));
    execFileSync('mkfifo', [credentials]);
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_BEARER_TOKEN_BEDROCK', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI']) vi.stubEnv(name, undefined);
    vi.stubEnv('HOME', home);
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    server = await createFakeBedrockServer({ script: [textReply('after the fix')] });
    const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env: { HOME: home, AWS_EC2_METADATA_DISABLED: 'true' }, persistSession: false, maxRetries: 0, tools: [] });
    try {
      const first = await agent.run('hello').then(() => 'ran', (error: unknown) => (CodevError.isInstance(error) ? error.code : 'other'));
      expect(first).toBe('MODEL_AUTHENTICATION_FAILED');
      await rm(credentials);
      await writeFile(credentials, '[default]\naws_access_key_id = AKIAFIXEDAFTERFIFO01\naws_secret_access_key = fixed-secret\n');
      const second = await agent.run('hello again');
      expect(second.text).toBe('after the fix');
    } finally {
      await agent.close();
    }
  });
});
