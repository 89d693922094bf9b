/**
 * The packed codev with provider packages installed beside it, as a user installs them: `@anthropic-ai/bedrock-sdk`
 * and `@anthropic-ai/foundry-sdk` bring their own `@anthropic-ai/sdk`, whose classes are not those of the SDK codev
 * bundles. An agent on each runs against codev/testing's fakes: Bedrock's throttling is retried (its error is one of
 * the other copy's classes), Foundry's refused key is MODEL_AUTHENTICATION_FAILED, and Vertex, whose package is not
 * installed, is MODEL_PROVIDER_UNAVAILABLE. Loopback only; the packages come from the registry (npm's cache).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runChild, userEnvironment } from '../run-child.ts';
import { REPO } from './pack-codev.ts';
import { INSTALL, packedConsumer } from './packed-consumer.ts';

const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
let project: string;

beforeAll(async () => {
  const consumer = await packedConsumer();
  project = path.join(consumer.temp, 'provider-consumer');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'provider-consumer', private: true, type: 'module' }, null, 2)}\n`);
  copyFileSync(path.join(REPO, 'test/package/provider-consumer/app.mjs'), path.join(project, 'app.mjs'));
  const packages = ['@anthropic-ai/bedrock-sdk', '@anthropic-ai/foundry-sdk'].map((name) => `${name}@${MANIFEST.devDependencies[name]}`);
  const install = await runChild('npm', [...INSTALL, consumer.tarball, `zod@${MANIFEST.dependencies.zod}`, ...packages], { cwd: project, timeoutMs: 400_000 });
  if (install.code !== 0) throw new Error(`npm install of the packed codev with the provider packages failed:\n${install.output}`);
}, 900_000);

describe('the packed codev with provider packages installed beside it', () => {
  it('retries a throttled Bedrock request, says a refused Foundry key, and names the missing Vertex package', async () => {
    const run = await runChild(process.execPath, ['app.mjs'], { cwd: project, timeoutMs: 120_000, env: userEnvironment({ AWS_EC2_METADATA_DISABLED: 'true' }) });
    expect(run.code, run.output).toBe(0);
    const lines = run.output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const byCase = Object.fromEntries(lines.map((line) => [line.case, line]));
    expect(byCase.bedrock, run.output).toMatchObject({ retries: ['MODEL_RATE_LIMITED'], text: ['from bedrock'], end: 'end_turn' });
    expect((byCase.bedrock!.paths as string[]).every((request) => request.endsWith('/invoke-with-response-stream'))).toBe(true);
    expect(byCase.foundry, run.output).toMatchObject({ errors: ['MODEL_AUTHENTICATION_FAILED'], end: 'error' });
    expect(byCase.vertex, run.output).toMatchObject({ code: 'MODEL_PROVIDER_UNAVAILABLE' });
  }, 180_000);
});
