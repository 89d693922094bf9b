import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const directory = new URL('./', import.meta.url).href;

// Run in a child process, so "the process exits by itself" is observable: a socket left open would keep it alive.
const SCRIPT = `
import Anthropic from '@anthropic-ai/sdk';
import { createJiti } from 'jiti';
const jiti = createJiti(import.meta.url);
const { createFakeMessagesServer } = await jiti.import(${JSON.stringify(`${directory}create-fake-messages-server.ts`)});
const { textReply } = await jiti.import(${JSON.stringify(`${directory}fake-reply.ts`)});
const server = await createFakeMessagesServer({ apiKey: 'k', script: [textReply('one'), textReply('two'), textReply('three')] });
const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
const params = { model: 'claude-sonnet-4-6', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] };
await client.messages.create(params);
await client.messages.stream(params).finalMessage();
await client.messages.create(params);
await server.close();
console.log('closed after ' + server.requests.length + ' requests');
`;

describe('FakeMessagesServer.close', () => {
  it('lets the process exit after keep-alive SDK requests', async () => {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: fileURLToPath(new URL('../../..', import.meta.url)) }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
    expect(output.trim()).toBe('closed after 3 requests');
  });
});
