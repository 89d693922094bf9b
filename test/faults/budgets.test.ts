import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import { COMPACTION_SYSTEM } from '../../src/agent/compaction/summarize-conversation.ts';
import type { PromptInput } from '../../src/agent/prompt-input.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createSpending } from '../../src/agent/create-spending.ts';
import type { AgentScope } from '../../src/tool/agent-scope.ts';
import { createAgentTool } from '../../src/tools/Agent/create-agent-tool.ts';
import { createWebFetchTool, WebFetchCache, type WebFetchOutput } from '../../src/tools/WebFetch/index.ts';
import { ARTICLE_HTML, createTestSite, html } from '../../src/tools/WebFetch/test-fixtures/test-site.ts';
import { runTool } from '../../src/testing/run-tool.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { createFakeMessagesServer, createTestContext, textReply, toolUseReply, type FakeMessageReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';

// Budgets against the fake Messages API over loopback HTTP. The fake counts a request's tokens as the API
// would bill them (a token per four characters of its JSON, its prompt cache when asked to keep one), so
// what it reports is what the query spent: `maxBudgetUsd` and `maxQueryTokens` must bound that.

const servers: FakeMessagesServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function serve(script: (request: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>, options: { promptCache?: boolean } = {}) {
  const server = await createFakeMessagesServer({ apiKey: 'test-key', script, promptCache: options.promptCache });
  servers.push(server);
  return server;
}

async function run(agent: ReturnType<typeof createAgent>, prompt: PromptInput = 'go') {
  const events: AgentEvent[] = [];
  for await (const event of agent.query(prompt)) events.push(event);
  await agent.close();
  const end = events.at(-1);
  if (end?.type !== 'end') throw new Error('the query did not end with an end event');
  return { events, end, costs: events.flatMap((event) => (event.type === 'usage' ? [event.costUsd ?? Number.NaN] : [])) };
}

const ofType = <Type extends AgentEvent['type']>(events: AgentEvent[], type: Type) => events.filter((event): event is Extract<AgentEvent, { type: Type }> => event.type === type);
const withUsage = (reply: FakeMessageReply, usage: FakeMessageReply['usage']): FakeMessageReply => ({ ...reply, usage });
const text = (size: number, seed: string) => `${seed} `.repeat(Math.ceil(size / (seed.length + 1))).slice(0, size);

const echo = withToolSource(
  buildTool({ name: 'Echo', description: 'Echo a text', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, isConcurrencySafe: () => true, call: ({ text: said }) => ({ data: `echo: ${said}` }) }),
  { type: 'builtin' },
);

/** A read-only tool whose every call returns `size` characters (a large file, a long listing). */
const dumpOf = (size: number) =>
  withToolSource(
    buildTool({ name: 'Dump', description: 'Print a large listing', inputSchema: z.object({ n: z.number() }), isReadOnly: () => true, isConcurrencySafe: () => true, call: ({ n }) => ({ data: text(size, `listing ${n} line`) }) }),
    { type: 'builtin' },
  );

describe('the first request is estimated from everything it sends', () => {
  // A tool with a long description, as a project's tools add up to: about 6,000 tokens of schemas.
  const survey = withToolSource(
    buildTool({ name: 'Survey', description: text(24_000, 'Survey the repository and report.'), inputSchema: z.object({ path: z.string() }), isReadOnly: () => true, call: () => ({ data: 'ok' }) }),
    { type: 'builtin' },
  );

  it('maxQueryTokens below the size of the tool schemas stops before the first request', async () => {
    const server = await serve(() => textReply('hi'));
    const agent = createAgent({ tools: [survey], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 256, maxQueryTokens: 3_000 });
    const { events, end } = await run(agent);
    expect(server.requests).toHaveLength(0);
    expect(ofType(events, 'limit-reached')).toEqual([expect.objectContaining({ limit: 'maxQueryTokens', max: 3_000, spent: 0 })]);
    expect(end).toMatchObject({ reason: 'max_query_tokens', turns: 0 });
  });

  it('maxBudgetUsd below the price of the tool schemas stops before the first request', async () => {
    const server = await serve(() => textReply('hi'));
    const agent = createAgent({ tools: [survey], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 256, maxBudgetUsd: 0.01 });
    const { events, end } = await run(agent);
    expect(server.requests).toHaveLength(0);
    expect(ofType(events, 'limit-reached')).toEqual([expect.objectContaining({ limit: 'maxBudgetUsd', max: 0.01, spent: 0 })]);
    expect(end).toMatchObject({ reason: 'max_budget_usd', costUsd: 0 });
  });
});

/**
 * A PDF of `pages` empty US Letter pages, about 100 bytes a page. With `objectStream`, as PDF 1.5 writers
 * make them: the page objects are compressed in an object stream, where no page can be read in the file.
 */
function emptyPdf(pages: number, options: { objectStream?: boolean } = {}): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>')];
  let body = options.objectStream ? '%PDF-1.5\n' : '%PDF-1.4\n';
  if (options.objectStream) {
    const packed = objects.slice(1).join('\n');
    const header = objects.slice(1).map((_, index) => `${index + 2} 0`).join(' ');
    const stream = deflateSync(Buffer.from(`${header}\n${packed}`, 'latin1'));
    body += `1 0 obj\n${objects[0]}\nendobj\n${pages + 3} 0 obj\n<< /Type /ObjStm /N ${pages + 1} /First ${header.length + 1} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream\nendobj\n`;
  } else {
    objects.forEach((object, index) => (body += `${index + 1} 0 obj\n${object}\nendobj\n`));
  }
  return Buffer.from(`${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

describe('a PDF is estimated by its pages, not its bytes', () => {
  // The API reads each page of a PDF as its text and an image (1,500 tokens or more a page): 100 empty pages
  // are 10 KB of PDF, some 3,500 tokens as base64 text, and bill more than 150,000 tokens.
  it.each([
    ['page objects in the file', {}],
    ['page objects in a compressed object stream', { objectStream: true }],
  ])('a prompt with a PDF of 100 empty pages (%s) is not sent under maxQueryTokens 100,000', async (_name, shape) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-budget-pdf-'));
    folders.push(directory);
    writeFileSync(path.join(directory, 'empty.pdf'), emptyPdf(100, shape));
    const server = await serve(() => textReply('It is empty.'));
    const agent = createAgent({ tools: [], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 256, maxQueryTokens: 100_000 });
    const { events, end } = await run(agent, [{ type: 'text', text: 'What is in this PDF?' }, { type: 'document', path: path.join(directory, 'empty.pdf') }]);
    expect(server.requests).toHaveLength(0);
    expect(ofType(events, 'limit-reached')).toEqual([expect.objectContaining({ limit: 'maxQueryTokens', spent: 0 })]);
    expect(end).toMatchObject({ reason: 'max_query_tokens', turns: 0 });
  });

  it('a PDF of 3 pages fits the same limit, and is sent', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-budget-pdf-'));
    folders.push(directory);
    writeFileSync(path.join(directory, 'short.pdf'), emptyPdf(3, { objectStream: true }));
    const server = await serve(() => textReply('It is empty.'));
    const agent = createAgent({ tools: [], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 256, maxQueryTokens: 100_000 });
    const { end } = await run(agent, [{ type: 'text', text: 'What is in this PDF?' }, { type: 'document', path: path.join(directory, 'short.pdf') }]);
    expect(server.requests).toHaveLength(1);
    expect(end.reason).toBe('end_turn');
  });
});

describe('a request is priced by what the API reported', () => {
  it('with caching asked for but no cache tokens reported, the next request is priced as uncached input', async () => {
    // Each request reads 100,000 tokens ($0.30) and the server reports none of them cached: a second
    // request would bring the query to $0.60, past $0.50 (priced as cache reads it would look like $0.33).
    const big = { inputTokens: 100_000, outputTokens: 10 };
    const server = await serve((_request, index) => (index < 2 ? withUsage(toolUseReply('Echo', { text: String(index) }), big) : textReply('done')));
    const agent = createAgent({ tools: [echo], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 256, promptCaching: true, maxBudgetUsd: 0.5 });
    const { end } = await run(agent);
    expect(server.requests).toHaveLength(1);
    expect(end.reason).toBe('max_budget_usd');
    expect(end.costUsd).toBeLessThanOrEqual(0.5);
  });
});

describe('parallel subagents under one budget', () => {
  it('four subagents started at once spend no more than the budget, and the ones stopped say so to the parent', async () => {
    // Each subagent reads a 80,000-character listing (about 20,000 tokens, $0.06) and then answers: four
    // would spend about $0.26. The budget is $0.15.
    const prompts = ['sub one', 'sub two', 'sub three', 'sub four'];
    const server = await serve((request) => {
      const messages = request.body.messages ?? [];
      const first = messages[0]?.content;
      const turn = messages.filter((message) => message.role === 'assistant').length;
      if (first === 'main') {
        if (turn > 0) return textReply('main done');
        return { content: prompts.map((prompt, index) => ({ type: 'tool_use' as const, id: `toolu_agent_${index}`, name: 'Agent', input: { description: `Task ${index}`, prompt } })) };
      }
      return turn === 0 ? toolUseReply('Dump', { n: 1 }) : textReply(`${String(first)} done`);
    });
    const cap = 0.15;
    const context = createTestContext({ tools: [createAgentTool(), dumpOf(80_000)] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, maxTokens: 200, maxBudgetUsd: cap, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const { events, end } = await run(agent, 'main');
    // The allowance is one request's estimate error past the cap; codev's estimates count more tokens than the fake bills, so none here.
    expect(end.costUsd).not.toBeNull();
    expect(end.costUsd!).toBeLessThanOrEqual(cap);
    const agentResults = ofType(events, 'tool-result').filter((event) => event.toolName === 'Agent');
    expect(agentResults).toHaveLength(4);
    expect(agentResults.some((event) => JSON.stringify(event.block.content).includes('max_budget_usd'))).toBe(true);
  }, 30_000);
});

const isSummaryRequest = (request: RecordedRequest) => request.body.system === COMPACTION_SYSTEM;

describe('compaction requests are checked', () => {
  /** A fake model that calls Dump `calls` times, then answers; a summary request gets `summary`. One per run. */
  const dumping = (calls: number, summary: FakeMessageReply) => () => {
    let made = 0;
    return (request: RecordedRequest) => {
      if (isSummaryRequest(request)) return summary;
      return made < calls ? toolUseReply('Dump', { n: ++made }, { id: `toolu_dump_${made}` }) : textReply('done');
    };
  };

  /** What each request cost, in order, with whether it was the summary, in a run without a budget. */
  async function calibrate(options: { script: () => (request: RecordedRequest) => FakeReply; promptCache?: boolean; agent: AgentOptions }) {
    const server = await serve(options.script(), { promptCache: options.promptCache });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, ...options.agent });
    const { events } = await run(agent);
    const kinds = server.requests.map((request) => (isSummaryRequest(request) ? 'summary' : 'turn'));
    const turnCosts = ofType(events, 'usage').map((event) => event.costUsd!);
    // The summary's cost is not a usage event: it is the query's total less the turns'.
    const total = ofType(events, 'end')[0]!.costUsd!;
    const firstBoundary = events.findIndex((event) => event.type === 'compact-boundary');
    const turnsBeforeCompaction = ofType(events.slice(0, firstBoundary), 'usage').length;
    return { kinds, turnCosts, summaryCost: total - turnCosts.reduce((sum, cost) => sum + cost, 0), compacted: firstBoundary !== -1, turnsBeforeCompaction };
  }

  it('the summary request is checked: one that would pass the budget is not sent', async () => {
    // No tool result is cleared, so the older messages are summarized. The summary is long (3,000 tokens of
    // output, $0.045): with it and the request after it, the query passes the budget.
    const summary = withUsage(textReply('The user asked for Dump calls. Calls so far: many.'), { outputTokens: 3_000 });
    const agentOptions: AgentOptions = { tools: [dumpOf(6_000)], maxTokens: 300, promptCaching: false, maxTurns: 40, compaction: { contextWindow: 20_000, keepToolResults: 50 } };
    const script = dumping(14, summary);
    const calibration = await calibrate({ script, agent: agentOptions });
    const summaryAt = calibration.kinds.indexOf('summary');
    expect(summaryAt).toBeGreaterThan(0);
    expect(calibration.kinds.filter((kind) => kind === 'summary')).toHaveLength(1);
    const spentBefore = calibration.turnCosts.slice(0, summaryAt).reduce((sum, cost) => sum + cost, 0);
    const cap = spentBefore + calibration.summaryCost;
    const server = await serve(script());
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, ...agentOptions, maxBudgetUsd: cap });
    const { events, end } = await run(agent);
    expect(server.requests.filter(isSummaryRequest)).toEqual([]);
    expect(ofType(events, 'limit-reached')).toHaveLength(1);
    expect(end.reason).toBe('max_budget_usd');
    expect(end.costUsd!).toBeLessThanOrEqual(cap);
  }, 60_000);

  it('the request after a compaction is checked, priced uncached: one that would pass the budget is not sent', async () => {
    // Old tool results are cleared (no summary): the conversation after the first cleared result is new to
    // the prompt cache, so the request after the compaction writes it all again, at 1.25 × the input price.
    const agentOptions: AgentOptions = { tools: [dumpOf(6_000)], maxTokens: 300, promptCaching: true, maxTurns: 40, compaction: { contextWindow: 20_000, keepToolResults: 3 } };
    const script = dumping(14, textReply('unused summary'));
    const calibration = await calibrate({ script, promptCache: true, agent: agentOptions });
    expect(calibration.kinds).not.toContain('summary');
    expect(calibration.compacted).toBe(true);
    // The requests up to the first compaction, and the one right after it.
    const compactedAt = calibration.turnsBeforeCompaction;
    const spentBefore = calibration.turnCosts.slice(0, compactedAt).reduce((sum, cost) => sum + cost, 0);
    const after = calibration.turnCosts[compactedAt]!;
    const cap = spentBefore + after / 2;
    const server = await serve(script(), { promptCache: true });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, ...agentOptions, maxBudgetUsd: cap });
    const { events, end } = await run(agent);
    expect(end.reason).toBe('max_budget_usd');
    expect(end.costUsd!).toBeLessThanOrEqual(cap);
    expect(server.requests).toHaveLength(compactedAt);
    const boundary = events.findIndex((event) => event.type === 'compact-boundary');
    expect(boundary).toBeGreaterThan(-1);
    expect(events.slice(boundary).map((event) => event.type)).not.toContain('usage');
  }, 60_000);
});

describe("WebFetch's small-model request counts toward the query", () => {
  async function fetchUnder(maxBudgetUsd: number) {
    const site = await createTestSite({ '/guide': html(ARTICLE_HTML) });
    const model = await serve(() => textReply('Full sun and deep watering.'));
    const spending = createSpending();
    spending.limits = { maxBudgetUsd, since: spending.snapshot() };
    const webFetch = createWebFetchTool({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url }, cache: new WebFetchCache() });
    const context = createTestContext({ tools: [webFetch], allow: ['WebFetch(domain:127.0.0.1)'] });
    // The scope an agent's tool calls run in; WebFetch reads only its spending.
    context.agent = { spending } as AgentScope;
    try {
      const { result } = await runTool({ name: 'WebFetch', input: { url: `${site.url}/guide`, prompt: 'What do tomatoes need?' }, context });
      return { output: result.output as WebFetchOutput, requests: model.requests.length, spending };
    } finally {
      await site.close();
    }
  }

  it('is held within the budget: with no room (Haiku, 2,048 tokens of output: $0.01) the page is returned without it', async () => {
    const refused = await fetchUnder(0.005);
    expect(refused.requests).toBe(0);
    expect(refused.output).toMatchObject({ promptApplied: false });
    expect(refused.output.result).toContain('## Planting');
    expect(refused.spending.reserved).toEqual({ costUsd: 0, tokens: 0 });
  });

  it('is counted in the spending when it is made', async () => {
    const made = await fetchUnder(1);
    expect(made.requests).toBe(1);
    expect(made.output).toMatchObject({ promptApplied: true });
    expect(made.spending.costUsd).toBeGreaterThan(0);
    expect(made.spending.reserved).toEqual({ costUsd: 0, tokens: 0 });
  });
});

describe('agent.compact() before any query', () => {
  it("is held within the agent's limits: a summary the budget has no room for is not sent", async () => {
    // A session of three large tool results, made without a budget, then resumed by an agent with one
    // ($0.001): summarizing it (some 5,000 tokens in, up to 4,096 out) would cost about $0.08.
    const server = await serve((request) => {
      if (isSummaryRequest(request)) return textReply('The user asked for three listings.');
      const turn = (request.body.messages ?? []).filter((message) => message.role === 'assistant').length;
      return turn < 3 ? toolUseReply('Dump', { n: turn }, { id: `toolu_dump_${turn}` }) : textReply('done');
    });
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-budget-compact-'));
    folders.push(directory);
    const sessionStore = createFileSessionStore({ directory });
    const common: AgentOptions = { tools: [dumpOf(6_000)], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, sessionStore, persistSession: true, canUseTool: () => ({ behavior: 'allow' }) };
    const { end } = await run(createAgent(common));
    expect(end.sessionId).toBeDefined();
    const before = server.requests.length;
    const resumed = createAgent({ ...common, resume: end.sessionId!, maxBudgetUsd: 0.001 });
    try {
      await expect(resumed.compact()).rejects.toMatchObject({ code: 'LIMIT_REACHED', field: 'maxBudgetUsd' });
    } finally {
      await resumed.close();
    }
    expect(server.requests.slice(before)).toEqual([]);
  });
});
