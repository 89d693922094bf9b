import type Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { createAgent } from './create-agent.ts';

const note = buildTool({
  name: 'Note',
  description: 'Writes a note',
  inputSchema: z.object({ file: z.string() }),
  isReadOnly: () => true,
  async call({ file }) {
    return { data: `noted in ${file}` };
  },
});

const deployed: string[] = [];
// Not read-only and no rule allows it: every call asks, and the agent's canUseTool defers it.
const deploy = buildTool({ name: 'Deploy', description: 'Deploys', inputSchema: z.object({ target: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), async call({ target }) {
  deployed.push(target);
  return { data: `deployed ${target}` };
} });

const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-moved-paths-'));
const store = createFileSessionStore({ directory });
let server: FakeMessagesServer;
beforeAll(async () => {
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (request) => {
    const messages = request.body.messages ?? [];
    if (messages.length > 1) return textReply('done');
    return JSON.stringify(messages[0]).includes('deploy') ? toolUseReply('Deploy', { target: '/old/job/app' }, { id: 'toolu_deploy' }) : toolUseReply('Note', { file: '/old/job/a.txt' }, { id: 'toolu_note' });
  } });
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const agentOf = (options: Parameters<typeof createAgent>[0] = {}) => createAgent({ tools: [note, deploy], canUseTool: () => ({ behavior: 'defer', message: 'a person decides' }), apiKey: 'test-key', baseURL: server.url, maxRetries: 0, sessionStore: store, persistSession: true, ...options });
const text = (messages: readonly { message: Anthropic.MessageParam }[]) => JSON.stringify(messages.map((entry) => entry.message));

describe('movedPaths', () => {
  it("a session resumed at a message in a folder that moved is given the new folder's paths and told, in its fork only", async () => {
    const first = agentOf();
    for await (const _event of first.query('work in /old/job')) void _event;
    await first.close();
    const original = await store.read(first.sessionId!);
    const results = original.messages.find((entry) => JSON.stringify(entry.message).includes('tool_result'))!;

    const resumed = agentOf({ resume: first.sessionId, at: results.uuid, movedPaths: [{ from: '/old/job', to: '/new/job' }] });
    for await (const _event of resumed.resume()) void _event;
    await resumed.close();

    const sent = JSON.stringify(server.requests.at(-1)!.body.messages);
    expect(sent).toContain('"file":"/new/job/a.txt"');
    expect(sent).toContain('noted in /new/job/a.txt');
    expect(sent).toContain('/old/job moved to /new/job');
    expect(sent.replace('/old/job moved to', '')).not.toContain('/old/job');
    const fork = await store.read(resumed.sessionId!);
    expect(text(fork.messages)).toContain('noted in /new/job/a.txt');
    expect(fork.messages.slice(0, 3).map((entry) => entry.uuid)).toEqual(original.messages.slice(0, 3).map((entry) => entry.uuid));
    expect(text((await store.read(first.sessionId!)).messages)).toBe(text(original.messages));
  });

  it('a session that goes on in itself runs its approved call with the moved path, and its stored lines stay as they were', async () => {
    const first = agentOf();
    for await (const _event of first.query('deploy the app')) void _event;
    await first.close();
    const stored = text((await store.read(first.sessionId!)).messages);
    expect(stored).toContain('/old/job/app');

    const resumed = agentOf({ resume: first.sessionId, movedPaths: [{ from: '/old/job', to: '/new/job' }] });
    for await (const _event of resumed.resume({ approvals: { toolu_deploy: { behavior: 'allow' } } })) void _event;
    await resumed.close();

    expect(deployed).toEqual(['/new/job/app']);
    const sent = JSON.stringify(server.requests.at(-1)!.body.messages);
    expect(sent).toContain('deployed /new/job/app');
    expect(sent).not.toContain('/old/job');
    const after = (await store.read(first.sessionId!)).messages;
    expect(text(after).startsWith(stored.slice(0, -1))).toBe(true);
  });
});
