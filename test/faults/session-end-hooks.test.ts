import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { createFakeMessagesServer, createTestKernel, textReply, type FakeMessagesServer, type TestKernel } from '../../src/testing/index.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';

let server: FakeMessagesServer;
let test: TestKernel;

beforeEach(async () => {
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: () => textReply('done') });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [] });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

describe('SessionEnd hooks that take their time', () => {
  it('run after the session is written out and unlocked, so a process stopped during them loses nothing and leaves the session free', async () => {
    let seen: { lockHeld: boolean; answerWritten: boolean } | undefined;
    let sessionId: string | undefined;
    const slow = defineHook({
      event: 'SessionEnd',
      handler: () => {
        const directory = sessionsDirectory(test.root);
        seen = { lockHeld: existsSync(path.join(directory, `${sessionId}.lock`)), answerWritten: readFileSync(path.join(directory, `${sessionId}.jsonl`), 'utf8').includes('"text":"done"') };
      },
    });
    const agent = createAgent({
      kernel: test.kernel,
      apiKey: 'test-key',
      baseURL: server.url,
      maxRetries: 0,
      createToolUseContext: (signal) => Object.assign(test.kernel.createToolUseContext({ signal }), { hooks: [...test.kernel.hooks, slow] }),
    });
    for await (const event of agent.query('hello')) void event;
    sessionId = agent.sessionId;
    await agent.close();
    // The answer is on disk, and the lock is gone, when the hook runs.
    expect(seen).toEqual({ lockHeld: false, answerWritten: true });
  });
});
