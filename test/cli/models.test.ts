import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, runCodev, runProcess } from './run-codev.ts';

// Needs the built CLI: `npm run build` first.
const GUARD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'offline-guard.mjs');
const project = (files: Record<string, string>) => {
  const root = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-models-')));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
};

/** Every provider's variables pointing at a port nothing listens on: a request would fail or be caught. */
const UNREACHABLE = {
  ANTHROPIC_API_KEY: 'test-key',
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
  ANTHROPIC_BEDROCK_BASE_URL: 'http://127.0.0.1:9',
  ANTHROPIC_VERTEX_BASE_URL: 'http://127.0.0.1:9',
  ANTHROPIC_FOUNDRY_BASE_URL: 'http://127.0.0.1:9',
  ANTHROPIC_FOUNDRY_API_KEY: 'test-key',
  AWS_ACCESS_KEY_ID: 'AKIATEST',
  AWS_SECRET_ACCESS_KEY: 'test-secret',
  AWS_EC2_METADATA_DISABLED: 'true',
  ANTHROPIC_VERTEX_PROJECT_ID: 'test-project',
};

describe('codev models', () => {
  it.each(['anthropic', 'bedrock', 'vertex', 'foundry'])('--provider %s lists its models with no provider SDK loaded and no connection opened', async (provider) => {
    const run = await runProcess({ command: process.execPath, args: ['--import', GUARD, BIN, 'models', '--provider', provider], cwd: project({}), env: UNREACHABLE });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\s*MODEL\s+PROVIDER ID\s+CONTEXT\s+MAX OUT\s+INPUT\s+OUTPUT\s+CACHE WRITE\s+CACHE READ\s+LACKS$/m);
    expect(run.stdout).toContain(`(${provider}`);
    expect(run.stdout.match(/^\* claude-/gm)).toHaveLength(1);
  });

  it('the guard itself works: a connection, or loading a provider SDK, ends the process with 97', async () => {
    const connection = await runProcess({ command: process.execPath, args: ['--import', GUARD, '-e', "require('node:net').connect(9, '127.0.0.1')"], env: {} });
    expect(connection.code).toBe(97);
    const sdk = await runProcess({ command: process.execPath, args: ['--import', GUARD, '-e', "import('@anthropic-ai/vertex-sdk').then(() => console.log('loaded'))"], cwd: path.dirname(BIN), env: {} });
    expect(sdk.code).toBe(97);
    expect(sdk.stdout).toBe('');
  });

  it('Bedrock: global inference profiles, no token counting, the region from AWS_REGION', async () => {
    const run = await runCodev(['models', '--provider', 'bedrock', '--cwd', project({})], { AWS_REGION: 'eu-west-1' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('region eu-west-1');
    expect(run.stdout).toMatch(/^\* claude-sonnet-4-6\s+global\.anthropic\.claude-sonnet-4-6\s+1M\s+128K\s+\$3\s+\$15\s+\$3\.75\s+\$0\.3\s+.*countTokens/m);
  });

  it('--json: the provider, the region, the default model and one object per model', async () => {
    const run = await runCodev(['models', '--json', '--provider', 'vertex', '--region', 'us-east5', '--cwd', project({})], {});
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as { provider: string; region: string | null; defaultModel: string; models: Record<string, unknown>[] };
    expect(listed).toMatchObject({ provider: 'vertex', region: 'us-east5', defaultModel: 'claude-sonnet-4-6' });
    for (const model of listed.models) {
      expect(Object.keys(model).sort()).toEqual(['capabilities', 'contextWindow', 'default', 'displayName', 'id', 'maxOutputTokens', 'price', 'providerId']);
      expect(Object.keys(model.capabilities as object).sort()).toEqual(['countTokens', 'pdfs', 'promptCaching', 'structuredOutputs', 'thinking', 'topLevelCacheControl']);
    }
    // A regional endpoint: 10% over the list price.
    expect(listed.models.find((model) => model.id === 'claude-sonnet-4-6')).toMatchObject({ default: true, providerId: 'claude-sonnet-4-6', price: { input: 3.3, output: 16.5 } });
    expect(listed.models.filter((model) => model.default)).toHaveLength(1);
  });

  it("the project's config: its model is the default (CODEV_MODEL over it, as for codev run), its prices win", async () => {
    const cwd = project({ '.codevrc.json': JSON.stringify({ model: 'claude-opus-4-6', prices: { 'claude-opus-4-6': { input: 1, output: 2 } } }) });
    type Listed = { defaultModel: string; models: { id: string; default: boolean; price: unknown }[] };
    const listed = JSON.parse((await runProcess({ command: process.execPath, args: [BIN, 'models', '--json'], cwd, env: {} })).stdout) as Listed;
    expect(listed.defaultModel).toBe('claude-opus-4-6');
    expect(listed.models.find((model) => model.default)).toMatchObject({ id: 'claude-opus-4-6', price: { input: 1, output: 2 } });
    const fromEnv = JSON.parse((await runProcess({ command: process.execPath, args: [BIN, 'models', '--json'], cwd, env: { CODEV_MODEL: 'claude-haiku-4-5' } })).stdout) as Listed;
    expect(fromEnv.models.find((model) => model.default)?.id).toBe('claude-haiku-4-5');
  });

  it('an unknown provider is a usage error (exit 2) that lists the providers', async () => {
    const run = await runCodev(['models', '--provider', 'azure', '--cwd', project({})], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('CLI_USAGE');
    expect(run.stderr).toContain('anthropic, bedrock, vertex, foundry');
    const fromEnv = await runCodev(['models', '--cwd', project({})], { CODEV_PROVIDER: 'openai' });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('CODEV_PROVIDER');
  });

  it('--help: usage, the environment per provider, examples', async () => {
    const run = await runCodev(['models', '--help'], {});
    expect(run.code).toBe(0);
    for (const text of ['Usage: codev models', 'AWS_REGION', 'CLOUD_ML_REGION', 'ANTHROPIC_FOUNDRY_RESOURCE', 'Examples:']) expect(run.stdout).toContain(text);
    expect((await runCodev(['--help'], {})).stdout).toMatch(/^ {2}models +/m);
  });
});
