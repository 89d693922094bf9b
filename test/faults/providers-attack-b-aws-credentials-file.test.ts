import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createFakeBedrockServer, textReply, type FakeProviderServer } from '../../src/testing/index.ts';

// No keys in the environment: the Bedrock SDK asks the AWS SDK's default chain, which reads ~/.aws/credentials and
// ~/.aws/config (HOME is the test's folder). A damaged file must end the query with a clear error, never a hang.

let server: FakeProviderServer | undefined;
let home: string | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
  if (home) await rm(home, { recursive: true, force: true });
  home = undefined;
});

type Damage = 'fifo' | 'dev-zero' | 'huge' | 'garbage' | 'truncated' | 'directory';

async function damagedHome(damage: Damage): Promise<string> {
  home = await mkdtemp(path.join(os.tmpdir(), 'codev-attack-b-aws-'));
  const aws = path.join(home, '.aws');
  await mkdir(aws);
  const file = path.join(aws, 'credentials');
  if (damage === 'fifo') execFileSync('mkfifo', [file]);
  if (damage === 'garbage') await writeFile(file, Buffer.from([0xff, 0xfe, 0x00, 0x5b, 0x0a, 0x3d, 0x3d, 0x0a]));
  if (damage === 'truncated') await writeFile(file, '[default]\naws_access_key_id = AKIATRUNC\naws_secret_acc');
  if (damage === 'directory') await mkdir(file);
  if (damage === 'dev-zero') await symlink('/dev/zero', file);
  // Sparse: 3 GiB of nothing, which a whole-file read would try to hold.
  if (damage === 'huge') await truncate(await writeFile(file, '[default]\n').then(() => file), 3 * 1024 ** 3);
  return home;
}

async function run(damage: Damage) {
  const folder = await damagedHome(damage);
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_BEARER_TOKEN_BEDROCK', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI']) vi.stubEnv(name, undefined);
  vi.stubEnv('HOME', folder);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
  server = await createFakeBedrockServer({ script: [textReply('never')] });
  const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env: { HOME: folder, AWS_EC2_METADATA_DISABLED: 'true' }, persistSession: false, maxRetries: 0, streamIdleTimeoutMs: 500, tools: [] });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('hello')) events.push(event);
    const error = events.find((event) => event.type === 'error');
    return error?.type === 'error' ? error.error.code : 'no error';
  } catch (error) {
    // A client that cannot be made fails the query itself, as a missing SDK package does.
    return CodevError.isInstance(error) ? error.code : 'not a CodevError';
  } finally {
    await agent.close();
  }
}

describe('a damaged ~/.aws/credentials', () => {
  it.each<Damage>(['fifo', 'dev-zero', 'huge', 'garbage', 'truncated', 'directory'])('%s: the query fails with MODEL_AUTHENTICATION_FAILED, no request sent, nothing read', async (damage) => {
    expect(await run(damage)).toBe('MODEL_AUTHENTICATION_FAILED');
    expect(server!.requests).toHaveLength(0);
  }, 20_000);
});
