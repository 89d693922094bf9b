import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { defineHook } from '../hooks/define-hook.ts';
import type { SessionStartInput } from '../hooks/types.ts';
import { createTestKernel, type TestKernel } from '../testing/create-test-kernel.ts';
import { rejectionCode } from '../testing/rejection-code.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { INTERRUPTED_TOOL_RESULT } from '../transcripts/repair-conversation.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { createAgent } from './create-agent.ts';
import { getSessionMessages } from './get-session-messages.ts';
import { listSessions } from './list-sessions.ts';
import { sessionsDirectory } from '../transcripts/sessions-directory.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let replies: ((index: number) => ReturnType<typeof textReply>) | undefined;
const started: string[] = [];

const note = buildTool({
  name: 'Note',
  description: 'Writes a note',
  inputSchema: z.object({ text: z.string() }),
  isReadOnly: () => true,
  async call({ text }) {
    return { data: `noted: ${text}` };
  },
});

beforeEach(async () => {
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies?.(index) ?? textReply(`reply ${index}`) });
  started.length = 0;
  warnings.length = 0;
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [note], allow: ['Note'] });
});
afterEach(async () => {
  replies = undefined;
  await server.close();
  await test.cleanup();
});

const sessionStart = defineHook({ event: 'SessionStart', handler: (input) => void started.push(input.source) });
const sessionEnd = defineHook({ event: 'SessionEnd', handler: (input) => void started.push(`end:${input.reason}`) });
const warnings: string[] = [];
/** The kernel's contexts, with a SessionStart hook that records its source and warnings collected. */
const agentOf = (options: AgentOptions = {}) =>
  createAgent({
    kernel: test.kernel,
    apiKey: 'test-key',
    baseURL: server.url,
    maxRetries: 0,
    createToolUseContext: (signal) => Object.assign(test.kernel.createToolUseContext({ signal }), { onWarning: (warning: string) => void warnings.push(warning) }, { hooks: [...test.kernel.hooks, sessionStart, sessionEnd] }),
    ...options,
  });

/** A session as a kill -9 during its tool call leaves it: the transcript ends at the assistant's tool_use. */
async function crashedDuringToolCall(toolUseId: string): Promise<{ first: ReturnType<typeof createAgent>; file: string }> {
  replies = (index) => (index === 0 ? toolUseReply('Note', { text: 'a' }, { id: toolUseId }) : textReply('done'));
  const first = agentOf();
  await run(first, 'take a note');
  await first.close();
  const file = path.join(sessionsDirectory(test.root), `${first.sessionId}.jsonl`);
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  writeFileSync(file, `${lines.slice(0, 3).join('\n')}\n`);
  return { first, file };
}

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

async function run(agent: ReturnType<typeof createAgent>, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of agent.query(prompt)) events.push(event);
  return events;
}


describe('persisted sessions', () => {
  it('writes every message of a project agent to .codev/sessions/<id>.jsonl, privately, and names the session in the end event', async () => {
    replies = (index) => (index === 0 ? toolUseReply('Note', { text: 'a' }, { id: 'toolu_1' }) : textReply('done'));
    const agent = agentOf();
    const events = await run(agent, 'take a note');
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: agent.sessionId });
    await agent.close();
    const directory = sessionsDirectory(test.root);
    const file = path.join(directory, `${agent.sessionId}.jsonl`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(directory).filter((name) => name.endsWith('.lock'))).toEqual([]);
    const loaded = await createFileSessionStore({ directory }).read(agent.sessionId!);
    expect(loaded.metadata).toMatchObject({ id: agent.sessionId, cwd: test.root, model: expect.any(String), permissionMode: 'default', codevVersion: expect.any(String) });
    expect(loaded.messages.map((entry) => entry.message)).toEqual(agent.messages);
    expect(loaded.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(loaded.messages[1]!.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(loaded.messages[2]!.parentUuid).toBe(loaded.messages[1]!.uuid);
    expect(loaded.messages.map((entry) => entry.parentUuid)).toEqual([undefined, ...loaded.messages.slice(0, -1).map((entry) => entry.uuid)]);
  });

  it('resumes a session in a new agent: the model reads the earlier messages, SessionStart says resume, new messages go to the same file', async () => {
    const first = agentOf();
    await run(first, 'remember the number 42');
    await first.close();
    const resumed = agentOf({ resume: first.sessionId });
    expect(resumed.sessionId).toBe(first.sessionId);
    await run(resumed, 'what was the number?');
    await resumed.close();
    const sent = server.requests.at(-1)!.body.messages!;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sent[0])).toContain('remember the number 42');
    expect(started).toEqual(['startup', 'end:close', 'resume', 'end:close']);
    const loaded = await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(first.sessionId!);
    expect(loaded.messages).toHaveLength(4);
  });

  it('continues the latest session; forks one (the original stays); resumes at a message in a new session', async () => {
    const first = agentOf();
    await run(first, 'one');
    await run(first, 'two');
    await first.close();
    const continued = agentOf({ continue: true });
    await run(continued, 'three');
    await continued.close();
    expect(continued.sessionId).toBe(first.sessionId);
    const store = createFileSessionStore({ directory: sessionsDirectory(test.root) });
    expect((await store.read(first.sessionId!)).messages).toHaveLength(6);

    const fork = agentOf({ resume: first.sessionId, fork: true });
    await run(fork, 'four, in the fork');
    await fork.close();
    expect(fork.sessionId).not.toBe(first.sessionId);
    expect((await store.read(first.sessionId!)).messages).toHaveLength(6);
    const forked = await store.read(fork.sessionId!);
    expect(forked.messages).toHaveLength(8);
    expect(forked.metadata.forkedFrom).toEqual({ sessionId: first.sessionId });

    const original = await store.read(first.sessionId!);
    const at = original.messages[1]!.uuid;
    const rewound = agentOf({ resume: first.sessionId, at });
    await run(rewound, 'again from the first answer');
    await rewound.close();
    expect(server.requests.at(-1)!.body.messages!.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect((await store.read(rewound.sessionId!)).metadata.forkedFrom).toEqual({ sessionId: first.sessionId, messageUuid: at });
  });

  it('answers the tool calls of a session that crashed during them as interrupted, and skips a torn last line', async () => {
    const { first, file } = await crashedDuringToolCall('toolu_crash');
    // ... then half a line.
    appendFileSync(file, '{"type":"message","uuid":"half');
    replies = () => textReply('resumed');
    const resumed = agentOf({ resume: first.sessionId });
    const events = await run(resumed, 'go on');
    await resumed.close();
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const sent = server.requests.at(-1)!.body.messages!;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'user']);
    expect(sent[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_crash', is_error: true, content: INTERRUPTED_TOOL_RESULT }] });
    // The resuming writer starts a fresh line after the torn one, which is then an invalid line of its own.
    expect(warnings).toEqual([expect.stringMatching(/line 4: .*cut short/)]);
  });

  it('resume() without approvals goes on where a crash stopped, with no new prompt; a finished session has nothing to go on with', async () => {
    const { first } = await crashedDuringToolCall('toolu_cut');
    replies = () => textReply('went on');
    const resumed = agentOf({ resume: first.sessionId });
    const events: AgentEvent[] = [];
    for await (const event of resumed.resume()) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 1 });
    const sent = server.requests.at(-1)!.body.messages!;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_cut', is_error: true, content: INTERRUPTED_TOOL_RESULT }] });
    const requests = server.requests.length;
    expect(await rejectionCode(drain(resumed.resume()))).toBe('INPUT_INVALID');
    expect(server.requests).toHaveLength(requests);
    await resumed.close();
    const loaded = await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(first.sessionId!);
    expect(loaded.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('refuses an unknown session, and a session another agent holds; persistSession: false writes nothing', async () => {
    expect(await rejectionCode(run(agentOf({ resume: 'no-such-session' }), 'hi'))).toBe('SESSION_NOT_FOUND');
    const holder = agentOf();
    await run(holder, 'one');
    expect(await rejectionCode(run(agentOf({ resume: holder.sessionId }), 'two'))).toBe('SESSION_BUSY');
    await holder.close();
    const throwaway = agentOf({ persistSession: false });
    await run(throwaway, 'nothing kept');
    await throwaway.close();
    const names = readdirSync(sessionsDirectory(test.root)).filter((name) => name.endsWith('.jsonl'));
    expect(names).toEqual([`${holder.sessionId}.jsonl`]);
  });

  it('does not persist a standalone agent unless asked', async () => {
    const standalone = createAgent({ tools: [note], apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    await run(standalone, 'hi');
    await standalone.close();
    expect(standalone.sessionId).toBeUndefined();
    expect(standalone.messages).toHaveLength(2);
  });
});

describe('listing and reading sessions', () => {
  it('lists a project\'s sessions with their prompts and turns, and reads one with its message uuids', async () => {
    const agent = agentOf();
    await run(agent, 'list me');
    await agent.close();
    const sessions = await listSessions({ cwd: test.root });
    expect(sessions).toEqual([expect.objectContaining({ id: agent.sessionId, firstPrompt: 'list me', lastPrompt: 'list me', turns: 1, messages: 2 })]);
    const loaded = await getSessionMessages(agent.sessionId!, { cwd: test.root });
    expect(loaded.messages.map((entry) => entry.message)).toEqual(agent.messages);
    expect(await rejectionCode(getSessionMessages('missing', { cwd: test.root }))).toBe('SESSION_NOT_FOUND');
  });
});

describe('large results of a persisted session', () => {
  it('are kept in the session\'s own folder, so a resumed transcript still points at them; removing the session removes them', async () => {
    const big = buildTool({ name: 'Big', description: 'Prints a lot', inputSchema: z.object({}), isReadOnly: () => true, maxResultSizeChars: 1_000, async call() { return { data: 'line\n'.repeat(2_000) }; } });
    const kernel = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [big], allow: ['Big'] });
    try {
      replies = (index) => (index === 0 ? toolUseReply('Big', {}, { id: 'toolu_big' }) : textReply('read it'));
      const agent = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      await run(agent, 'print a lot');
      await agent.close();
      const folder = path.join(sessionsDirectory(kernel.root), agent.sessionId!, 'tool-results');
      expect(readdirSync(folder)).toEqual(['toolu_big.txt']);
      expect(JSON.stringify(agent.messages[2])).toContain(path.join(folder, 'toolu_big.txt'));
      expect(readFileSync(path.join(sessionsDirectory(kernel.root), '.gitignore'), 'utf8')).toBe('*\n');
      await createFileSessionStore({ directory: sessionsDirectory(kernel.root) }).delete(agent.sessionId!);
      expect(readdirSync(sessionsDirectory(kernel.root)).filter((name) => name.startsWith(agent.sessionId!))).toEqual([]);
    } finally {
      await kernel.cleanup();
    }
  });
});

describe('the state of a resumed session', () => {
  it('comes back: rules allowed for the session apply without asking again', async () => {
    const asked: string[] = [];
    const save = buildTool({ name: 'Save', description: 'Saves', inputSchema: z.object({ text: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), async call({ text }) {
      return { data: `saved ${text}` };
    } });
    const kernel = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [save] });
    try {
      replies = (index) => (index % 2 === 0 ? toolUseReply('Save', { text: `t${index}` }, { id: `toolu_save_${index}` }) : textReply('saved'));
      const first = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: (tool) => (asked.push(tool.name), { behavior: 'allow', updatedPermissions: [{ type: 'addRules', behavior: 'allow', rules: ['Save'], destination: 'session' }] }) });
      await run(first, 'save one');
      await first.close();
      expect(asked).toEqual(['Save']);
      const resumed = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, resume: first.sessionId, canUseTool: (tool) => (asked.push(tool.name), { behavior: 'deny', message: 'no' }) });
      const events = await run(resumed, 'save two');
      await resumed.close();
      expect(asked).toEqual(['Save']);
      expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ isError: false, decision: { behavior: 'allow' } });
    } finally {
      await kernel.cleanup();
    }
  });
});

describe('subagents of a persisted session', () => {
  it('keep their own transcript in the same store, naming the parent session, closed with it', async () => {
    const { getAllBaseTools } = await import('../tools/get-all-base-tools.ts');
    const kernel = await createTestKernel({ mcp: false, env: {}, baseTools: getAllBaseTools().filter((tool) => tool.name === 'Agent'), allow: ['Agent'] });
    try {
      replies = (index) => (index === 0 ? toolUseReply('Agent', { description: 'Look', prompt: 'find the config', subagent_type: 'general-purpose' }, { id: 'toolu_agent' }) : index === 1 ? textReply('found it in codev.config.ts') : textReply('done'));
      const parent = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      const events = await run(parent, 'where is the config?');
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
      await parent.close();
      const directory = sessionsDirectory(kernel.root);
      expect(readdirSync(directory).filter((name) => name.endsWith('.lock'))).toEqual([]);
      const sessions = await createFileSessionStore({ directory }).list();
      const child = sessions.find((session) => session.parentSessionId === parent.sessionId);
      expect(child).toMatchObject({ firstPrompt: 'find the config', turns: 1 });
      const loaded = await createFileSessionStore({ directory }).read(child!.id);
      expect(loaded.metadata).toMatchObject({ parentSessionId: parent.sessionId, agentId: expect.any(String) });
      expect(JSON.stringify(loaded.messages.at(-1)!.message)).toContain('found it in codev.config.ts');
      // `continue` goes on with the parent, never with a subagent's session.
      const continued = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, continue: true });
      replies = () => textReply('continued');
      await run(continued, 'and now?');
      await continued.close();
      expect(continued.sessionId).toBe(parent.sessionId);
    } finally {
      await kernel.cleanup();
    }
  });
});
