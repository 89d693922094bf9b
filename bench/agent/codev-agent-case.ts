import type Anthropic from '@anthropic-ai/sdk';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAgent, type AgentEvent, type AgentOptions } from '../../src/index.ts';
import { createFakeMessagesServer, textReply, toolUseReply } from '../../src/testing/index.ts';
import { ADD_TOOL, addInputs } from '../tool-call/add-tool.ts';
import { codevAddContext, codevAddTool, denyPrompt } from '../tool-call/codev-add-context.ts';
import { scriptedAnthropicClient } from './scripted-anthropic-client.ts';
import type { ConversationCase } from './types.ts';

/**
 * codev's agent loop (`createAgent` + `agent.query`) over a scripted client: n turns with one Add tool_use
 * each, then a final text. Each run is a fresh agent (an agent keeps its transcript across queries) over the
 * bare Add context of tool-call-overhead (no rules, no hooks; Add is read-only, so the default mode allows it).
 */
export const codevAgentCase: ConversationCase = {
  id: 'codev',
  label: 'codev createAgent().query(), scripted client',
  // A conversation takes tens of ms: enough runs for a stable median (the JIT needs a few thousand calls).
  runs: { full: { warmup: 5, measured: 25 }, quick: { warmup: 25, measured: 5 } },
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const client = scriptedAnthropicClient({ calls, clock });
    return {
      run: () => runConversation({ calls, client, context }),
      teardown: dispose,
    };
  },
};

/**
 * The codev case with project instructions on: a 2 KB CODEV.md in the project root and one in the home's
 * `.codev/` (the other four names missing, looked for), read at the first turn and then checked (a stat
 * per file) at most every 250 ms, so a whole scripted conversation makes one or two checks.
 */
export const codevInstructionsCase: ConversationCase = {
  id: 'codev-instructions',
  label: 'codev with project instructions (2 CODEV.md files)',
  runs: codevAgentCase.runs,
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const rules = '- Keep answers short; run the tests before saying a change works.\n'.repeat(32);
    writeFileSync(path.join(context.projectRoot!, 'CODEV.md'), rules);
    mkdirSync(path.join(context.homeDirectory!, '.codev'), { recursive: true });
    writeFileSync(path.join(context.homeDirectory!, '.codev', 'CODEV.md'), rules);
    const client = scriptedAnthropicClient({ calls, clock });
    return {
      run: () => runConversation({ calls, client, context, agentOptions: { instructions: true } }),
      teardown: dispose,
    };
  },
};

/**
 * The codev case with both limits set (`maxBudgetUsd`, `maxQueryTokens`), far above what the conversation
 * spends: every request is estimated, checked against the limits and held on the spending tree while it
 * runs, so this row is the cost of a budget on the loop.
 */
export const codevBudgetCase: ConversationCase = {
  id: 'codev-budget',
  label: 'codev with maxBudgetUsd and maxQueryTokens set',
  runs: codevAgentCase.runs,
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const client = scriptedAnthropicClient({ calls, clock });
    return {
      run: () => runConversation({ calls, client, context, agentOptions: { maxBudgetUsd: 1_000, maxQueryTokens: 1_000_000_000 } }),
      teardown: dispose,
    };
  },
};

/** How many files the checkpoints case's project holds (the 10,000-file figure is bench/checkpoints'). */
const CHECKPOINTED_FILES = 1_000;

/**
 * The codev case with its session persisted (`persistSession: true`, the file store in the project's
 * `.codev/sessions/`): each turn appends its messages and its `record` lines (the tool call's decision and
 * duration, the request's usage and cost) to the transcript. Compared with a revision before records, the
 * difference is the records' cost on the written path.
 */
export const codevPersistedCase: ConversationCase = {
  id: 'codev-persisted',
  label: 'codev with a persisted session (file store)',
  runs: codevAgentCase.runs,
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const client = scriptedAnthropicClient({ calls, clock });
    return {
      run: () => runConversation({ calls, client, context: { ...context, cwd: context.projectRoot! }, agentOptions: { persistSession: true } }),
      teardown: dispose,
    };
  },
};

/**
 * The codev case with a persisted session and file checkpoints on (`persistSession: true, checkpoints:
 * true`) in a git repository of 1,000 small committed files: before each turn's Add call, the working
 * directory is recorded (nothing changed since the last turn, so a scan of its stat data); a fresh agent is
 * a new session, whose first recording hashes every file. Before checkpoints existed the option was ignored:
 * that revision's row is the persisted session's cost alone.
 */
export const codevCheckpointsCase: ConversationCase = {
  id: 'codev-checkpoints',
  label: 'codev with a persisted session and file checkpoints (1,000-file git repo)',
  // Each turn runs git: a conversation takes seconds, not tens of ms.
  runs: { full: { warmup: 1, measured: 3 }, quick: { warmup: 0, measured: 2 } },
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const root = context.projectRoot!;
    checkpointedRepository(root);
    const client = scriptedAnthropicClient({ calls, clock });
    return {
      run: () => runConversation({ calls, client, context: { ...context, cwd: root }, agentOptions: { persistSession: true, ...({ checkpoints: true } as AgentOptions) } }),
      teardown: dispose,
    };
  },
};

/** A model's time to first token in the latency case: short, so that a conversation still takes seconds. */
const MODEL_LATENCY_MS = 30;

/**
 * The checkpoints case with a model that takes 30 ms to answer each request: the recording starts with the
 * request and is awaited after the reply, so what it adds to a turn is what the request did not hide.
 */
export const codevCheckpointsLatencyCase: ConversationCase = {
  id: 'codev-checkpoints-latency',
  label: `codev with file checkpoints, the model answering in ${MODEL_LATENCY_MS} ms`,
  runs: codevCheckpointsCase.runs,
  async setup({ calls, clock }) {
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    const root = context.projectRoot!;
    checkpointedRepository(root);
    const client = scriptedAnthropicClient({ calls, clock, latencyMs: MODEL_LATENCY_MS });
    return {
      run: () => runConversation({ calls, client, context: { ...context, cwd: root }, agentOptions: { persistSession: true, ...({ checkpoints: true } as AgentOptions) } }),
      teardown: dispose,
    };
  },
};

/** Fills `root` with the checkpoints cases' 1,000 committed files. */
function checkpointedRepository(root: string): void {
  for (let index = 0; index < CHECKPOINTED_FILES; index++) {
    const folder = path.join(root, 'src', `m${index % 20}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `f${index}.ts`), `export const value${index} = ${index};\n`.repeat(20));
  }
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: root, stdio: 'ignore' });
  git('init', '--quiet');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'files');
}

/**
 * codev against the fake Messages API server of `codev/testing`, through the real `@anthropic-ai/sdk` client:
 * JSON request bodies, HTTP on 127.0.0.1, SSE responses the SDK parses and reassembles. The server runs in the
 * same process, so its own work (parse, validate, render, write SSE) is part of the time.
 */
export const codevHttpCase: ConversationCase = {
  id: 'codev-http',
  label: 'codev over loopback HTTP + SSE (fake Messages server, real SDK client)',
  // A 1,000-call conversation takes seconds here (see the note): one, after a warm-up of 100 calls.
  runs: { full: { warmup: 1, measured: 1 }, quick: { warmup: 0, measured: 1 } },
  warmupCalls: 100,
  async setup({ calls, clock }) {
    const inputs = addInputs(calls);
    const server = await createFakeMessagesServer({
      script: () => {
        const index = clock.tick();
        server.requests.length = 0; // the server records every request; keep it from holding n growing bodies
        return index < calls ? toolUseReply(ADD_TOOL.name, inputs[index]!, { id: `toolu_${index}` }) : textReply('done');
      },
    });
    const { context, dispose } = codevAddContext({ rulesAndHooks: false });
    // codev makes the client, as for a user who gives it a key and a URL: a client of bench/'s own copy of the SDK
    // would be another SDK than the one codev loads, which codev drives through the params object (no append).
    return {
      run: () => runConversation({ calls, context, agentOptions: { apiKey: 'sk-bench', baseURL: server.url } }),
      async teardown() {
        dispose();
        await server.close();
      },
      notes: ['the request of turn k carries the whole conversation (2k messages) as JSON, which codev serializes once per message and appends to, and the server parses, validates and measures: O(k) per call on the server side by nature of the Messages API, so this row grows with the conversation'],
    };
  },
};

async function runConversation(options: { calls: number; client?: Anthropic; context: ReturnType<typeof codevAddContext>['context']; agentOptions?: AgentOptions }): Promise<void> {
  const agent = createAgent({
    ...options.agentOptions,
    tools: [codevAddTool],
    ...(options.client && { client: options.client }),
    maxTurns: options.calls + 1,
    maxRetries: 0,
    canUseTool: denyPrompt,
    createToolUseContext: (signal) => ({ ...options.context, signal }),
  });
  let ok = 0;
  let end: Extract<AgentEvent, { type: 'end' }> | undefined;
  let last: string | undefined;
  for await (const event of agent.query('Add the numbers.')) {
    if (event.type === 'tool-result' && event.status === 'ok') {
      ok++;
      last = typeof event.block.content === 'string' ? event.block.content : undefined;
    } else if (event.type === 'end') end = event;
  }
  if (end?.reason !== 'end_turn' || end.turns !== options.calls + 1 || ok !== options.calls || last !== String(options.calls - 1 + 2)) {
    throw new Error(`codev sanity check failed: ${ok} ok results, last ${last}, end ${JSON.stringify(end && { reason: end.reason, turns: end.turns })}`);
  }
}
