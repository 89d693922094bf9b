import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { runCommand } from '../../src/cli/commands/run-command.ts';
import type { CommandIo } from '../../src/cli/commands/types.ts';
import { createFakeMessagesServer, createTestKernel, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type TestKernel } from '../../src/testing/index.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let next: () => FakeReply;
/** Requests the script answered: every other request was refused by the server (a 400 for an invalid conversation). */
let answered = 0;

const note = buildTool({
  name: 'Note',
  description: 'Writes a note',
  inputSchema: z.object({ text: z.string() }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  call: ({ text }) => ({ data: `noted: ${text}` }),
});

beforeEach(async () => {
  answered = 0;
  server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: () => {
      answered++;
      return next();
    },
  });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [note], allow: ['Note'] });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

const agentOf = (resume?: string) => createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, ...(resume && { resume }) });

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** A persisted session of two queries with parallel and single tool calls; returns its id and transcript file. */
async function recordedSession(): Promise<{ id: string; file: string }> {
  const replies: FakeReply[] = [
    toolUseReply('Note', { text: 'a' }, { id: 'toolu_a' }),
    toolUseReply('Note', { text: 'b' }, { id: 'toolu_b' }),
    textReply('two notes'),
    toolUseReply('Note', { text: 'c' }, { id: 'toolu_c' }),
    textReply('three notes'),
  ];
  next = () => replies.shift()!;
  const agent = agentOf();
  await drain(agent.query('take notes'));
  await drain(agent.query('one more'));
  await agent.close();
  return { id: agent.sessionId!, file: path.join(sessionsDirectory(test.root), `${agent.sessionId}.jsonl`) };
}

describe('a damaged line in the middle of a transcript', () => {
  it('whichever line is cut in half, the session resumes: the conversation is repaired for the API and the user told what was', async () => {
    const { id, file } = await recordedSession();
    const original = readFileSync(file, 'utf8');
    const lines = original.trimEnd().split('\n');
    // Line 1 is the session's metadata, which makes a transcript unreadable by design; every other line may be cut.
    for (let cut = 1; cut < lines.length; cut++) {
      // A record never reaches the model (a cut one is only reported): the conversation's lines are what may break it.
      if (lines[cut]!.startsWith('{"type":"record"')) continue;
      const damaged = lines.map((line, index) => (index === cut ? line.slice(0, Math.floor(line.length / 2)) : line));
      writeFileSync(file, `${damaged.join('\n')}\n`);
      const requestsBefore = server.requests.length;
      const answeredBefore = answered;
      next = () => textReply('resumed');
      const agent = agentOf(id);
      const events = await drain(agent.query('go on'));
      await agent.close();
      expect(events.at(-1), `line ${cut + 1} cut`).toMatchObject({ type: 'end', reason: 'end_turn' });
      // Every request reached the script: none was refused as an invalid conversation.
      expect(server.requests.length - requestsBefore).toBe(answered - answeredBefore);
      const repaired = events.find((event) => event.type === 'session-repaired');
      expect(repaired, `line ${cut + 1} cut`).toMatchObject({ type: 'session-repaired', sessionId: id, problems: [{ line: cut + 1, kind: 'invalid' }] });

      // Resumed again, with the new messages after the repaired ones: still valid.
      const again = agentOf(id);
      const more = await drain(again.query('and again'));
      await again.close();
      expect(more.at(-1), `line ${cut + 1} cut, second resume`).toMatchObject({ type: 'end', reason: 'end_turn' });
      expect(server.requests.length - requestsBefore).toBe(answered - answeredBefore);
    }
    writeFileSync(file, original);
  });

  it('a lost result: the model reads the call answered as lost, and the event names it', async () => {
    const { id, file } = await recordedSession();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const resultLine = lines.findIndex((line) => line.includes('"tool_use_id":"toolu_c"'));
    lines[resultLine] = lines[resultLine]!.slice(0, 20);
    writeFileSync(file, `${lines.join('\n')}\n`);
    next = () => textReply('resumed');
    const agent = agentOf(id);
    const events = await drain(agent.query('go on'));
    await agent.close();
    expect(events.find((event) => event.type === 'session-repaired')).toMatchObject({ repairs: [{ kind: 'lost-result', toolUseId: 'toolu_c', toolName: 'Note', input: { text: 'c' } }] });
    const sent = server.requests.at(-1)!.body.messages!;
    const answer = sent.find((message) => Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result' && block.tool_use_id === 'toolu_c'));
    expect(answer).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_c', is_error: true }] });
  });
});

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');
const HANG_PLUGIN = `import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { buildTool } from 'codev/plugin';
export default buildTool({
  name: 'Hang',
  description: 'Starts and never ends',
  inputSchema: z.object({ label: z.string() }),
  isReadOnly: () => true,
  call: () => {
    writeFileSync(new URL('../started', import.meta.url), 'started');
    return new Promise(() => {});
  },
});
`;

describe('resuming a session whose process was killed during a tool call', () => {
  it('says which call was interrupted: on stderr in text mode, as a session-repaired event in stream-json', async () => {
    // Inside the repo's node_modules, so that the plugin's `zod` import resolves.
    const project = await createTestKernel({ mcp: false, directory: path.resolve(path.dirname(BIN), '../node_modules/.cache'), files: { 'agent.ts': "export default { prompt: 'hang' };\n", 'plugins/hang.ts': HANG_PLUGIN, 'codev.config.ts': "export default { permissions: { allow: ['Hang'] } };\n" } });
    try {
      next = () => toolUseReply('Hang', { label: 'forever' }, { id: 'toolu_hang' });
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_FROM_SOURCE: '1', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' };
      const child = spawn(process.execPath, [BIN, 'run', 'agent.ts', '--output-format', 'stream-json'], { cwd: project.root, env, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const started = path.join(project.root, 'started');
      for (let waited = 0; !existsSync(started) && waited < 400; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(started)).toBe(true);
      child.kill('SIGKILL');
      await exited;
      const sessions = path.join(project.root, '.codev', 'sessions');
      const id = readdirSync(sessions).find((name) => name.endsWith('.jsonl'))!.replace('.jsonl', '');

      next = () => textReply('back');
      let stderr = '';
      const io: CommandIo = { cwd: project.root, env, stdout: () => {}, stderr: (text) => (stderr += text), readStdin: async () => '' };
      expect(await runCommand([path.join(project.root, 'agent.ts'), '--resume', id, 'go on'], io)).toBe(0);
      expect(stderr).toContain('toolu_hang');
      expect(stderr).toContain('Hang');

      // The call is answered once, in the transcript: a second resume has nothing more to repair.
      let stdout = '';
      const json: CommandIo = { ...io, stdout: (text) => (stdout += text) };
      expect(await runCommand([path.join(project.root, 'agent.ts'), '--resume', id, '--output-format', 'stream-json', 'again'], json)).toBe(0);
      expect(stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as AgentEvent).filter((event) => event.type === 'session-repaired')).toEqual([]);
    } finally {
      await project.cleanup();
    }
  });

  it('in stream-json, the event lists the interrupted call', async () => {
    const { id, file } = await recordedSession();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    // As a kill -9 during the call of toolu_c leaves it: its result and everything after it never written.
    writeFileSync(file, `${lines.slice(0, lines.findIndex((line) => line.includes('"tool_use_id":"toolu_c"'))).join('\n')}\n`);
    writeFileSync(path.join(test.root, 'agent.ts'), "export default { prompt: 'go on' };\n");
    next = () => textReply('back');
    let stdout = '';
    const io: CommandIo = { cwd: test.root, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' }, stdout: (text) => (stdout += text), stderr: () => {}, readStdin: async () => '' };
    expect(await runCommand([path.join(test.root, 'agent.ts'), '--resume', id, '--output-format', 'stream-json'], io)).toBe(0);
    const events = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as AgentEvent);
    expect(events.filter((event) => event.type === 'session-repaired')).toMatchObject([{ sessionId: id, repairs: [{ kind: 'interrupted-call', toolUseId: 'toolu_c', toolName: 'Note', input: { text: 'c' } }] }]);
    expect(events.findIndex((event) => event.type === 'session-repaired')).toBeLessThan(events.findIndex((event) => event.type === 'turn-start'));
  });
});
