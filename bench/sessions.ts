import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { estimateContextTokens } from '../src/agent/compaction/estimate-tokens.ts';
import { createAgent, createFileSessionStore, type AgentEvent, type MessageEntry, type SessionMetadata } from '../src/index.ts';
import { createConversationClock } from './agent/measure-conversation.ts';
import { scriptedAnthropicClient } from './agent/scripted-anthropic-client.ts';
import { formatMicros, formatRatio } from './harness/format-report.ts';
import { timeEach, timeEachSync } from './harness/measure-case.ts';
import type { Benchmark, BenchCase, CaseResult } from './harness/types.ts';
import { codevAddContext, codevAddTool, denyPrompt } from './tool-call/codev-add-context.ts';

const APPENDS = { full: 500, quick: 100 } as const;
const CALLS = { full: 300, quick: 60 } as const;
/** The transcript a resume loads: 5,000 messages of about 2 KB, 10 MB. */
const RESUME = { messages: 5_000, bytes: 10 * 1024 * 1024 } as const;

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/bench', model: 'claude-bench', codevVersion: '0.0.0-bench', createdAt: new Date().toISOString() });

/** A message of about `size` bytes: an assistant text, or a tool result, alternately. */
function entry(index: number, size: number): MessageEntry {
  const text = `message ${index} `.padEnd(size, 'lorem ipsum dolor sit amet ');
  const message: Anthropic.MessageParam = index % 2 === 0 ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${index}`, content: text }] } : { role: 'assistant', content: [{ type: 'text', text }] };
  return { type: 'message', uuid: randomUUID(), timestamp: new Date().toISOString(), message };
}

function temporaryFolder(): { directory: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-sessions-'));
  return { directory: path.join(root, 'sessions'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

const appendCase: BenchCase = {
  id: 'append',
  label: 'codev file store: append one ~2 KB message',
  async setup({ quick }) {
    const folder = temporaryFolder();
    const store = createFileSessionStore({ directory: folder.directory });
    let rounds = 0;
    const count = quick ? APPENDS.quick : APPENDS.full;
    const entries = Array.from({ length: count }, (_, index) => entry(index, 2_000));
    return {
      ops: count,
      // A round appends to a session of its own and closes it, so the time includes the writes themselves.
      round: async () => {
        const writer = await store.open({ id: `bench-${++rounds}`, metadata: metadata(`bench-${rounds}`) });
        const startedAt = performance.now();
        for (const item of entries) await writer.append([item]);
        await writer.close();
        return ((performance.now() - startedAt) * 1000) / count;
      },
      teardown: folder.remove,
    };
  },
};

const appendFloorCase: BenchCase = {
  id: 'append-floor',
  label: 'floor: JSON.stringify + writeSync of the same line',
  async setup({ quick }) {
    const folder = temporaryFolder();
    const descriptor = openSync(`${folder.directory}.jsonl`, 'a');
    const count = quick ? APPENDS.quick : APPENDS.full;
    const entries = Array.from({ length: count }, (_, index) => entry(index, 2_000));
    return {
      ops: count,
      round: async () => timeEachSync(count, (index) => writeSync(descriptor, `${JSON.stringify(entries[index])}\n`)),
      teardown() {
        closeSync(descriptor);
        folder.remove();
      },
    };
  },
};

/** A 10 MB transcript of 5,000 messages, written once in setup. */
async function bigTranscript(): Promise<{ directory: string; file: string; remove: () => void }> {
  const folder = temporaryFolder();
  const writer = await createFileSessionStore({ directory: folder.directory }).open({ id: 'big', metadata: metadata('big') });
  const size = Math.floor(RESUME.bytes / RESUME.messages) - 150;
  for (let index = 0; index < RESUME.messages; index += 100) await writer.append(Array.from({ length: 100 }, (_, offset) => entry(index + offset, size)));
  await writer.close();
  return { directory: folder.directory, file: path.join(folder.directory, 'big.jsonl'), remove: folder.remove };
}

const resumeCase: BenchCase = {
  id: 'resume-10mb',
  label: 'codev: load a 10 MB, 5,000-message transcript (store.read)',
  async setup() {
    const big = await bigTranscript();
    const store = createFileSessionStore({ directory: big.directory });
    const loaded = await store.read('big');
    if (loaded.messages.length !== RESUME.messages) throw new Error(`loaded ${loaded.messages.length} messages`);
    return { ops: 1, round: () => timeEach(1, () => store.read('big')), teardown: big.remove, notes: [`${(readFileSync(big.file).length / 1024 / 1024).toFixed(1)} MB, ${RESUME.messages.toLocaleString('en-US')} messages`] };
  },
};

const resumeFloorCase: BenchCase = {
  id: 'resume-10mb-floor',
  label: 'floor: readFileSync + split + JSON.parse per line',
  async setup() {
    const big = await bigTranscript();
    return {
      ops: 1,
      round: async () => timeEachSync(1, () => readFileSync(big.file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)),
      teardown: big.remove,
    };
  },
};

const compactionCheckCase: BenchCase = {
  id: 'compaction-check',
  label: 'codev: the per-turn compaction check on a 5,000-message conversation',
  async setup({ quick }) {
    const messages = Array.from({ length: RESUME.messages }, (_, index) => entry(index, 2_000).message);
    // As in a turn: the last request's usage covers all but the latest two messages (a reply and its results).
    const usage = { tokens: 150_000, messages: messages.length - 2 };
    const count = quick ? 10_000 : 100_000;
    const tokens = estimateContextTokens(messages, usage);
    if (tokens <= usage.tokens) throw new Error(`the check counted ${tokens} tokens`);
    let sink = 0;
    return {
      ops: count,
      round: async () => timeEachSync(count, () => (sink += estimateContextTokens(messages, usage))),
      notes: [`${tokens.toLocaleString('en-US')} tokens (150,000 at the last request plus the latest two messages)`],
    };
  },
};

/** The agent-turn conversation (one Add call per turn) with its session persisted to a file, or kept in memory only. */
function conversationCase(persisted: boolean): BenchCase {
  return {
    id: persisted ? 'agent-turn-persisted' : 'agent-turn-memory',
    label: persisted ? 'codev agent, session persisted (file store)' : 'codev agent, nothing persisted',
    async setup({ quick }) {
      const calls = quick ? CALLS.quick : CALLS.full;
      const folder = temporaryFolder();
      const store = createFileSessionStore({ directory: folder.directory });
      const { context, dispose } = codevAddContext({ rulesAndHooks: false });
      const run = async () => {
        const clock = createConversationClock(calls);
        const agent = createAgent({
          tools: [codevAddTool],
          client: scriptedAnthropicClient({ calls, clock }),
          maxTurns: calls + 1,
          maxRetries: 0,
          canUseTool: denyPrompt,
          createToolUseContext: (signal) => ({ ...context, signal }),
          persistSession: persisted,
          sessionStore: store,
        });
        let end: Extract<AgentEvent, { type: 'end' }> | undefined;
        for await (const event of agent.query('Add the numbers.')) if (event.type === 'end') end = event;
        await agent.close();
        if (end?.reason !== 'end_turn' || end.turns !== calls + 1) throw new Error(`the conversation ended with ${end?.reason} after ${end?.turns} turns`);
      };
      return {
        ops: calls,
        round: async () => {
          const startedAt = performance.now();
          await run();
          return ((performance.now() - startedAt) * 1000) / calls;
        },
        teardown() {
          dispose();
          folder.remove();
        },
      };
    },
  };
}

/**
 * What persisted sessions cost: appending a message, loading a large transcript to resume it, the compaction
 * check each turn makes, and a whole agent conversation with and without its session on disk.
 */
export const benchmark: Benchmark = {
  id: 'sessions',
  title: 'Sessions: persisting, resuming, the compaction check',
  reference: 'append',
  methods: [
    `append: ${APPENDS.full} messages of ~2 KB (${APPENDS.quick} with --quick), one \`writer.append([entry])\` each, to a transcript in the temp folder, then \`close()\`, which waits for the writes (the file store writes in the background, in order; no fsync); the floor writes the same JSON lines with writeSync.`,
    `resume-10mb: \`store.read(id)\` of a ${RESUME.messages.toLocaleString('en-US')}-message, 10 MB transcript (read, split, parse and check every line); the floor only reads, splits and parses.`,
    'compaction-check: `estimateContextTokens` with the last request\'s usage covering all but the latest two messages, as each turn calls it.',
    `agent-turn-persisted / -memory: the agent-turn conversation (${CALLS.full} Add calls, one per model turn, scripted client; ${CALLS.quick} with --quick), a fresh agent per round, with \`persistSession\` on (a file store in the temp folder) and off. Targets: persisting adds under 5%; resuming 10 MB under 300 ms.`,
  ],
  cases: [appendCase, appendFloorCase, resumeCase, resumeFloorCase, compactionCheckCase, conversationCase(true), conversationCase(false)],
  summarize(results: readonly CaseResult[]) {
    const of = (id: string) => results.find((result) => result.id === id);
    const lines: string[] = [];
    const [persisted, memory, resume] = [of('agent-turn-persisted'), of('agent-turn-memory'), of('resume-10mb')];
    if (persisted && memory) lines.push(`Persisting adds ${formatRatio(persisted.usPerOp / memory.usPerOp)} to a conversation (${formatMicros(persisted.usPerOp)} vs ${formatMicros(memory.usPerOp)} per call): target under 1.05×, ${persisted.usPerOp / memory.usPerOp < 1.05 ? 'met' : '**NOT met**'}.`);
    if (resume) lines.push(`Loading a 10 MB transcript takes ${(resume.usPerOp / 1000).toFixed(0)} ms: target under 300 ms, ${resume.usPerOp < 300_000 ? 'met' : '**NOT met**'}.`);
    return lines;
  },
};
