import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaOf, serveTestProject, textOf, type ElicitationAnswer, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(options: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject(options);
  served.push(project);
  return project;
}

/** A client that answers every elicitation with `choice`, and records what it was asked. */
function answering(choice: string | ((request: ElicitRequest) => Promise<never>), asked: ElicitRequest[]): ElicitationAnswer {
  return (request) => {
    asked.push(request);
    return typeof choice === 'string' ? { action: 'accept', content: { decision: choice } } : choice(request);
  };
}

const choicesOf = (request: ElicitRequest) => (request.params as unknown as { requestedSchema: { properties: { decision: { enum: string[] } } } }).requestedSchema.properties.decision.enum;

describe('an ask, served over MCP', () => {
  it('becomes an elicitation: allow once runs the call and asks again next time', async () => {
    const project = await serve();
    const asked: ElicitRequest[] = [];
    const { client } = await project.connect({ elicit: answering('allow_once', asked) });
    const first = await client.callTool({ name: 'Bash', arguments: { command: 'touch once.txt' } });
    expect(first.isError).toBeFalsy();
    expect(existsSync(path.join(project.root, 'once.txt'))).toBe(true);
    expect(metaOf(first).decision).toMatchObject({ behavior: 'allow', source: 'user_temporary' });
    expect(choicesOf(asked[0]!)).toEqual(['allow_once', 'allow_always', 'deny']);
    expect(asked[0]!.params.message).toContain('touch once.txt');
    await client.callTool({ name: 'Bash', arguments: { command: 'touch once.txt' } });
    expect(asked).toHaveLength(2);
  });

  it('allow always keeps the rule as codev does (the local settings) and the next call does not ask', async () => {
    const project = await serve();
    const asked: ElicitRequest[] = [];
    const { client } = await project.connect({ elicit: answering('allow_always', asked) });
    const first = await client.callTool({ name: 'Bash', arguments: { command: 'touch always.txt' } });
    expect(first.isError).toBeFalsy();
    expect(metaOf(first).decision).toMatchObject({ behavior: 'allow', source: 'user_permanent' });
    const settings = JSON.parse(await readFile(path.join(project.root, '.codev', 'settings.local.json'), 'utf8'));
    expect(settings.permissions.allow.join(' ')).toContain('touch');
    const second = await client.callTool({ name: 'Bash', arguments: { command: 'touch always.txt' } });
    expect(second.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
  });

  it('deny, decline and cancel deny the call as the user', async () => {
    for (const answer of [answering('deny', []), () => ({ action: 'decline' as const }), () => ({ action: 'cancel' as const })]) {
      const project = await serve();
      const { client } = await project.connect({ elicit: answer });
      const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch no.txt' } });
      expect(result.isError).toBe(true);
      expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny', source: 'user_reject' } });
      expect(existsSync(path.join(project.root, 'no.txt'))).toBe(false);
    }
  });

  it('says on a cancel (what clients that cannot show the question answer) which --allow rule would allow the call', async () => {
    const project = await serve();
    const { client } = await project.connect({ elicit: () => ({ action: 'cancel' as const }) });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch cancelled.txt' } });
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny', source: 'user_reject' } });
    expect(textOf(result)).toContain("--allow 'Bash(");
  });

  it('is denied with the --allow advice when the client cannot be asked', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch unasked.txt' } });
    expect(result.isError).toBe(true);
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny', source: 'config' } });
    expect(textOf(result)).toContain("--allow 'Bash(");
    expect(existsSync(path.join(project.root, 'unasked.txt'))).toBe(false);
  });

  it('goes to the fallback when the client elicits only by URL, not by form', async () => {
    const project = await serve();
    const asked: ElicitRequest[] = [];
    const { client } = await project.connect({ elicit: answering('allow_once', asked), elicitation: { url: {} } });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch url-only.txt' } });
    expect(asked).toHaveLength(0);
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny', source: 'config' } });
  });

  it('goes to the fallback when the answer does not come in time (allow here)', async () => {
    const project = await serve({ server: { elicitationTimeoutMs: 100, askFallback: 'allow' } });
    const asked: ElicitRequest[] = [];
    const { client } = await project.connect({ elicit: answering(() => new Promise<never>(() => {}), asked) });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch late.txt' } });
    expect(asked).toHaveLength(1);
    expect(result.isError).toBeFalsy();
    expect(existsSync(path.join(project.root, 'late.txt'))).toBe(true);
  });

  it('ends with the call when the client cancels it while the ask waits, and nothing runs', async () => {
    const project = await serve();
    const asked: ElicitRequest[] = [];
    let answer!: () => void;
    const { client, session } = await project.connect({
      elicit: answering(() => new Promise<never>((_resolve, reject) => (answer = () => reject(new Error('too late')))), asked),
    });
    const controller = new AbortController();
    const call = client.callTool({ name: 'Bash', arguments: { command: 'touch cancelled.txt' } }, undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 10_000, interval: 20 });
    controller.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(session.runningCalls).toBe(0), { timeout: 10_000, interval: 20 });
    answer();
    expect(existsSync(path.join(project.root, 'cancelled.txt'))).toBe(false);
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'next' } }))).toBe('NEXT');
  });

  it('lets an embedder answer instead of the client', async () => {
    const seen: string[] = [];
    const project = await serve({ server: { canUseTool: (tool) => (seen.push(tool.name), { behavior: 'deny', message: 'not today' }) } });
    const asked: ElicitRequest[] = [];
    const { client } = await project.connect({ elicit: answering('allow_once', asked) });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch embedded.txt' } });
    expect(result.isError).toBe(true);
    expect(seen).toEqual(['Bash']);
    expect(asked).toHaveLength(0);
  });
});
