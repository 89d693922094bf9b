import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelSettings } from '../../../src/model/providers/types.ts';
import { createFakeBedrockServer, createFakeFoundryServer, createFakeVertexServer, writeFakeServiceAccountFile } from '../../../src/testing/index.ts';
import type { FakeProviderScriptOptions, FakeProviderServer } from '../../../src/testing/index.ts';

/** A provider fake and what an agent needs to reach it, loopback only. */
export interface ProviderFake {
  server: FakeProviderServer;
  /** The agent's `model` setting for this fake. */
  model: ModelSettings;
  /** The agent's `env`: explicit credentials, and nothing that lets a credential chain reach out. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export type FakedProvider = 'bedrock' | 'vertex' | 'foundry';

const MODEL_ID = 'claude-sonnet-4-6';

/**
 * Starts the fake of `provider` with `options`' script. Bedrock: AWS keys generated here, passed in `env`, the
 * fake verifying every signature with them; the instance metadata service disabled. Vertex: a throwaway service
 * account (self-signed JWTs, verified by the fake) named by `GOOGLE_APPLICATION_CREDENTIALS` for the test's
 * duration, metadata-server detection off. Foundry: a key.
 */
export async function startProviderFake(provider: FakedProvider, options: FakeProviderScriptOptions): Promise<ProviderFake> {
  if (provider === 'bedrock') {
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    const accessKeyId = `AKIDTEST${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const secretAccessKey = `secret-${Math.random().toString(36).slice(2)}`;
    const server = await createFakeBedrockServer({ ...options, region: 'eu-west-3', accessKeyId, secretAccessKey });
    return {
      server,
      model: { provider: 'bedrock', id: MODEL_ID, region: 'eu-west-3', baseURL: server.url },
      env: { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_EC2_METADATA_DISABLED: 'true' },
      close: () => server.close(),
    };
  }
  if (provider === 'vertex') {
    const server = await createFakeVertexServer({ ...options, projectId: 'fake-project', region: 'us-east5' });
    const directory = await mkdtemp(join(tmpdir(), 'codev-vertex-'));
    const account = await writeFakeServiceAccountFile({ directory, server, projectId: 'fake-project' });
    const saved = { credentials: process.env.GOOGLE_APPLICATION_CREDENTIALS, detection: process.env.METADATA_SERVER_DETECTION };
    // google-auth-library reads these from process.env, not from the agent's env.
    process.env.GOOGLE_APPLICATION_CREDENTIALS = account.path;
    process.env.METADATA_SERVER_DETECTION = 'none';
    return {
      server,
      model: { provider: 'vertex', id: MODEL_ID, region: 'us-east5', projectId: 'fake-project', baseURL: server.baseURL },
      env: { GOOGLE_APPLICATION_CREDENTIALS: account.path, METADATA_SERVER_DETECTION: 'none' },
      async close() {
        restore('GOOGLE_APPLICATION_CREDENTIALS', saved.credentials);
        restore('METADATA_SERVER_DETECTION', saved.detection);
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  }
  const apiKey = `foundry-${Math.random().toString(36).slice(2)}`;
  const server = await createFakeFoundryServer({ ...options, apiKey });
  return { server, model: { provider: 'foundry', id: MODEL_ID, apiKey, baseURL: `${server.url}/anthropic/` }, env: {}, close: () => server.close() };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
