import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodevError } from '../errors/codev-error.ts';
import { defineHook } from '../hooks/define-hook.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { createAgent, type Agent } from './create-agent.ts';
import type { AgentOptions } from './types.ts';

let server: FakeMessagesServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = server = undefined;
});

const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-rich-input-'));

async function start(options: AgentOptions = {}): Promise<Agent> {
  server = await createFakeMessagesServer({ script: () => textReply('seen') });
  agent = createAgent({ tools: [], apiKey: 'k', baseURL: server.url, maxRetries: 0, ...options });
  return agent;
}

describe('a prompt with images and documents', () => {
  it('sends text, an image file, PDF bytes and an API block in order, in the first user message', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    writeFileSync(path.join(folder, 'shot.png'), png);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const running = await start({ createToolUseContext: (signal) => createTestContext({ cwd: folder, signal }) });
    const result = await running.run([
      { type: 'text', text: 'Compare these.' },
      { type: 'image', path: 'shot.png' },
      { type: 'document', data: pdf, title: 'Spec' },
      { type: 'text', text: 'Thanks.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(result).toMatchObject({ text: 'seen', endReason: 'end_turn' });
    expect(server!.requests[0]!.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } },
          { type: 'document', title: 'Spec', source: { type: 'base64', media_type: 'application/pdf', data: Buffer.from(pdf).toString('base64') } },
          { type: 'text', text: 'Thanks.', cache_control: { type: 'ephemeral' } },
        ],
      },
    ]);
  });

  it("gives UserPromptSubmit hooks the prompt's text", async () => {
    const prompts: string[] = [];
    const hook = defineHook({ event: 'UserPromptSubmit', handler: (input) => void prompts.push(input.prompt) });
    const running = await start({ createToolUseContext: (signal) => createTestContext({ hooks: [hook], signal }) });
    await running.run([{ type: 'text', text: 'First line.' }, { type: 'document', data: new TextEncoder().encode('notes') }, { type: 'text', text: 'Second line.' }]);
    expect(prompts).toEqual(['First line.\nSecond line.']);
  });

  it('throws the part\'s error before any request: an unsupported file, a missing one, an empty prompt', async () => {
    writeFileSync(path.join(folder, 'tool.exe'), Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]));
    const running = await start({ createToolUseContext: (signal) => createTestContext({ cwd: folder, signal }) });
    const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (error: CodevError) => error);
    expect(await failure(running.run([{ type: 'file', path: 'tool.exe' }]))).toMatchObject({ code: 'MEDIA_UNSUPPORTED', file: path.join(folder, 'tool.exe') });
    expect((await failure(running.run([{ type: 'image', path: 'missing.png' }]))).code).toBe('INPUT_INVALID');
    expect((await failure(running.run([]))).code).toBe('INPUT_INVALID');
    expect(server!.requests).toHaveLength(0);
  });
});
