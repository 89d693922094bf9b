import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPACTION_SYSTEM } from '../../src/agent/compaction/summarize-conversation.ts';
import { createAgent, type Agent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import type { ModelFeature } from '../../src/model/providers/types.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';
import { pdfBytes } from '../../src/tools/Read/test-fixtures/read.ts';
import { BUILTIN_TOOLS } from '../../src/tools/index.ts';

// "Anthropic-compatible", tested: codev's whole agent loop against a server that speaks /v1/messages but
// lacks prompt caching, the request-level cache_control, thinking and count_tokens, answering as strict
// compatible servers do (400 invalid_request_error "thinking: Extra inputs are not permitted", 404 for
// count_tokens). Nothing is declared: codev learns each feature from the server's refusal, warns once, and
// the queries end as they would on Anthropic's API.

const UNSUPPORTED: ModelFeature[] = ['promptCaching', 'topLevelCacheControl', 'thinking', 'countTokens'];
const answer = z.object({ pages: z.number().int(), word: z.string() });

let server: FakeMessagesServer | undefined;
let agent: Agent<unknown> | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = server = undefined;
});

/**
 * The model: reads the PDF, echoes through Bash, then answers with StructuredOutput; a summary request gets a
 * summary. Every reply that the request allows starts with thinking (the fake sends it only with thinking on).
 */
function model(pdf: string) {
  return (request: RecordedRequest): FakeReply => {
    if (request.body.system === COMPACTION_SYSTEM) return textReply('The user had report.pdf read (2 pages, the code word OSPREY) and got a structured answer.');
    const last = JSON.stringify(request.body.messages?.at(-1));
    const thinking = { type: 'thinking' as const, thinking: 'Next step.' };
    if (last.includes('tool_result') && last.includes('OSPREY')) return { content: [thinking, { type: 'tool_use', name: 'Bash', input: { command: 'echo checked', description: 'Echo' } }] };
    if (last.includes('checked')) return { content: [thinking, { type: 'tool_use', name: 'StructuredOutput', input: { pages: 2, word: 'OSPREY' } }] };
    if (last.includes('again')) return { content: [thinking, { type: 'tool_use', name: 'StructuredOutput', input: { pages: 2, word: 'OSPREY' } }] };
    return { content: [thinking, { type: 'tool_use', name: 'Read', input: { file_path: pdf } }] };
  };
}

async function start(options: { unsupported: ModelFeature[]; declared?: boolean }) {
  const context = createTestContext({ tools: BUILTIN_TOOLS.filter((tool) => ['Read', 'Bash'].includes(tool.name)) });
  const pdf = path.join(context.cwd, 'report.pdf');
  writeFileSync(pdf, pdfBytes(['The code word is OSPREY.', 'Page two.']));
  server = await createFakeMessagesServer({ apiKey: 'test-key', unsupported: options.unsupported, promptCache: true, script: model(pdf) });
  agent = createAgent({
    apiKey: 'test-key',
    baseURL: server.url,
    maxRetries: 0,
    env: {},
    thinking: { type: 'enabled', budgetTokens: 2048 },
    maxTokens: 4096,
    promptCaching: true,
    outputSchema: answer,
    canUseTool: () => ({ behavior: 'allow' }),
    createToolUseContext: (signal) => Object.assign(context, { signal }),
  }) as Agent<unknown>;
  return { pdf };
}

async function collect(events: AsyncIterable<AgentEvent<unknown>>): Promise<AgentEvent<unknown>[]> {
  const list: AgentEvent<unknown>[] = [];
  for await (const event of events) list.push(event);
  return list;
}

const featureWarnings = (events: AgentEvent<unknown>[]) => events.filter((event) => event.type === 'warning' && event.code === 'MODEL_FEATURE_UNSUPPORTED');
const carries = (request: RecordedRequest, feature: 'cache_control' | 'thinking') => (feature === 'thinking' ? request.body.thinking !== undefined || request.rawBody.includes('"type":"thinking"') : request.rawBody.includes('"cache_control"'));

describe('an Anthropic-compatible server without caching, request-level cache_control, thinking or count_tokens', () => {
  it('runs tools over several turns, reads a PDF, answers in the schema and compacts: each feature learned from one refusal, warned once, never sent again', async () => {
    await start({ unsupported: UNSUPPORTED });
    const first = await collect(agent!.query([{ type: 'text', text: 'How many pages has report.pdf, and what is its code word?' }]));
    expect(first.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(first.find((event) => event.type === 'end')).toMatchObject({ output: { pages: 2, word: 'OSPREY' } });
    const boundary = await agent!.compact();
    expect(boundary).toMatchObject({ summarized: true });
    const second = await collect(agent!.query('Answer again.'));
    expect(second.find((event) => event.type === 'end')).toMatchObject({ reason: 'end_turn', output: { pages: 2, word: 'OSPREY' } });

    // Learned in the first request's refusals: the request-level cache_control, then thinking, then the blocks' cache_control.
    const warnings = [...featureWarnings(first), ...featureWarnings(second)];
    expect(warnings).toHaveLength(3);
    expect(warnings.map((event) => event.type === 'warning' && event.message)).toEqual([expect.stringContaining('request-level cache_control'), expect.stringContaining('extended thinking'), expect.stringContaining('prompt caching')]);
    // codev estimates its token counts: it never asks count_tokens (which this server does not have).
    expect(server!.requests.filter((request) => request.path.endsWith('count_tokens'))).toEqual([]);
    const messageRequests = server!.requests.filter((request) => request.path === '/v1/messages');
    const refusals = messageRequests.slice(0, 3);
    expect(refusals.map((request) => carries(request, 'cache_control'))).toEqual([true, true, true]);
    expect(refusals.map((request) => [request.body.cache_control !== undefined, request.body.thinking !== undefined])).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ]);
    // After the learning: no request carries caching or thinking (thinking blocks included), and each was answered.
    for (const request of messageRequests.slice(3)) {
      expect(carries(request, 'cache_control')).toBe(false);
      expect(carries(request, 'thinking')).toBe(false);
      expect('output_config' in request.body).toBe(false);
    }
    expect(messageRequests.filter((request) => request.body.system === COMPACTION_SYSTEM)).toHaveLength(1);
    // The PDF was read (its text came back to the model) and the Bash call ran: a multi-turn tool conversation.
    expect(JSON.stringify(messageRequests.map((request) => request.body.messages))).toContain('The code word is OSPREY.');
    expect(first.filter((event) => event.type === 'tool-result').map((event) => event.type === 'tool-result' && event.toolName)).toEqual(['Read', 'Bash']);
  });

  it('without PDFs or structured outputs: the strict tools and an attached PDF are refused once each, then the PDF goes as a note saying it was left out; the answer still comes in the schema', async () => {
    const { pdf } = await start({ unsupported: ['pdfs', 'structuredOutputs'] });
    const events = await collect(agent!.query([{ type: 'text', text: 'What is the code word of the attached report?' }, { type: 'document', path: pdf }]));
    expect(events.find((event) => event.type === 'end')).toMatchObject({ reason: 'end_turn', output: { pages: 2, word: 'OSPREY' } });
    expect(featureWarnings(events).map((event) => event.type === 'warning' && event.message)).toEqual([expect.stringContaining('structured outputs'), expect.stringContaining('PDF documents')]);
    const [strictRefused, pdfRefused, ...answered] = server!.requests;
    expect(strictRefused!.rawBody).toContain('"strict":true');
    expect(pdfRefused!.rawBody).not.toContain('"strict"');
    expect(pdfRefused!.rawBody).toContain('application/pdf');
    for (const request of answered) {
      expect(request.rawBody).not.toContain('application/pdf');
      expect(request.rawBody).not.toContain('"strict"');
      expect(JSON.stringify(request.body.messages![0])).toContain('report.pdf');
      expect(JSON.stringify(request.body.messages![0])).toContain('was left out');
    }
    // The transcript keeps the PDF, for a server that reads PDFs.
    expect(JSON.stringify(agent!.messages[0])).toContain('application/pdf');
  });
});
