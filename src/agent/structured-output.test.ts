import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeScript } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createAgent } from './create-agent.ts';
import { validateAgentDefinition } from './validate-agent-definition.ts';
import type { AgentEvent } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const verdict = z.object({ title: z.string().min(3), score: z.number().int().max(10), tags: z.array(z.string()).default([]) });
let lookups = 0;
const lookup = buildTool({ name: 'Lookup', description: 'Looks a word up', inputSchema: z.object({ word: z.string() }), isReadOnly: () => true, call: ({ word }) => {
  lookups++;
  return { data: `${word}: found` };
} });

async function agentFor(script: FakeScript, options: { outputRetries?: number } = {}) {
  lookups = 0;
  server = await createFakeMessagesServer({ script });
  return createAgent({ tools: [lookup], apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), outputSchema: verdict, ...options });
}

async function collect<Output>(events: AsyncIterable<AgentEvent<Output>>): Promise<AgentEvent<Output>[]> {
  const list: AgentEvent<Output>[] = [];
  for await (const event of events) list.push(event);
  return list;
}

/** The tool results of the last message of a request. */
const lastResults = (index: number) => (server!.requests[index]!.body.messages!.at(-1)!.content as { type: string; is_error?: boolean; content: string }[]).filter((block) => block.type === 'tool_result');

describe('structured output (outputSchema)', () => {
  it('offers a StructuredOutput tool with the schema; its call after other tools ends the query with the parsed, typed output', async () => {
    const agent = await agentFor([toolUseReply('Lookup', { word: 'rust' }), toolUseReply('StructuredOutput', { title: 'Rust', score: 9 }), toolUseReply('StructuredOutput', { title: 'Rust 2', score: 8 })]);
    const result = await agent.run('rate rust');
    expectTypeOf(result.output).toEqualTypeOf<{ title: string; score: number; tags: string[] } | undefined>();
    expect(result.output).toEqual({ title: 'Rust', score: 9, tags: [] });
    expect(result.endReason).toBe('end_turn');
    expect(lookups).toBe(1);
    expect(server!.requests).toHaveLength(2);
    const tools = server!.requests[0]!.body.tools as { name: string; input_schema: { type: string; required: string[] } }[];
    expect(tools.map((tool) => tool.name)).toEqual(['Lookup', 'StructuredOutput']);
    expect(tools[1]!.input_schema).toMatchObject({ type: 'object', required: ['title', 'score'] });
    expect(server!.requests[0]!.body.tool_choice).toBeUndefined();
    // The call has its result, so the conversation can go on.
    expect(result.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', content: expect.stringContaining('accepted') }] });
    // The fake server answers 400 when a tool_use has no result.
    expect((await agent.run('again')).output).toMatchObject({ title: 'Rust 2' });
    await agent.close();
  });

  it('shows the model the validation issues and takes its corrected answer (output-retry event)', async () => {
    const agent = await agentFor([toolUseReply('StructuredOutput', { title: 'Go', score: 11 }), toolUseReply('StructuredOutput', { title: 'Go!', score: 7, tags: ['x'] })]);
    const events = await collect(agent.query('rate go'));
    const retry = events.find((event) => event.type === 'output-retry');
    expect(retry).toMatchObject({ attempt: 1, maxRetries: 2, issues: [{ path: 'title' }, { path: 'score' }] });
    const [sent] = lastResults(1);
    expect(sent).toMatchObject({ is_error: true });
    expect(sent!.content).toMatch(/- title: .*\n- score: /);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', output: { title: 'Go!', score: 7, tags: ['x'] } });
    await agent.close();
  });

  it('ends with output-invalid and an OUTPUT_INVALID error when the retries are spent; run() throws it', async () => {
    const agent = await agentFor(() => toolUseReply('StructuredOutput', { title: 'C', score: 1 }), { outputRetries: 1 });
    const events = await collect(agent.query('rate c'));
    expect(events.filter((event) => event.type === 'output-retry')).toHaveLength(1);
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'OUTPUT_INVALID' } });
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'output-invalid' });
    expect(end?.type === 'end' && 'output' in end).toBe(false);
    expect(server!.requests).toHaveLength(2);
    await expect(agent.run('again')).rejects.toMatchObject({ code: 'OUTPUT_INVALID' });
    await agent.close();
  });

  it('takes a reply whose text is the JSON answer, and asks for the tool when the reply is prose', async () => {
    const agent = await agentFor([textReply('```json\n{"title":"Zig","score":8}\n```'), textReply('It is great.'), toolUseReply('StructuredOutput', { title: 'Odin', score: 6 })]);
    expect((await agent.run('rate zig')).output).toEqual({ title: 'Zig', score: 8, tags: [] });
    const events = await collect(agent.query('rate odin'));
    expect(events.find((event) => event.type === 'output-retry')).toMatchObject({ issues: [{ path: '', message: expect.stringContaining('StructuredOutput') }] });
    expect(server!.requests[2]!.body.messages!.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining('StructuredOutput') });
    expect(events.at(-1)).toMatchObject({ type: 'end', output: { title: 'Odin', score: 6 } });
    await agent.close();
  });

  it('does not run the other calls of the reply that gave the answer', async () => {
    const agent = await agentFor([{ content: [{ type: 'tool_use', name: 'Lookup', input: { word: 'a' } }, { type: 'tool_use', name: 'StructuredOutput', input: { title: 'Ada', score: 5 } }] }]);
    const result = await agent.run('rate ada');
    expect(result.output).toMatchObject({ title: 'Ada' });
    expect(lookups).toBe(0);
    expect(result.messages.at(-1)).toMatchObject({ content: [{ content: expect.stringContaining('accepted') }, { is_error: true, content: expect.stringContaining('Not run') }] });
    await agent.close();
  });

  it('runs the other calls with an answer to correct, and sends all the results together', async () => {
    const agent = await agentFor([{ content: [{ type: 'tool_use', name: 'Lookup', input: { word: 'b' } }, { type: 'tool_use', name: 'StructuredOutput', input: { title: 'B' } }] }, toolUseReply('StructuredOutput', { title: 'Basic', score: 2 })]);
    const result = await agent.run('rate basic');
    expect(lookups).toBe(1);
    expect(lastResults(1).map((block) => block.is_error ?? false)).toEqual([true, false]);
    expect(result.output).toMatchObject({ title: 'Basic' });
    await agent.close();
  });

  it('accepts a JSON Schema object and validates against it', async () => {
    server = await createFakeMessagesServer({ script: [toolUseReply('StructuredOutput', { name: 1 }), toolUseReply('StructuredOutput', { name: 'x' })] });
    const agent = createAgent({ tools: [], apiKey: 'k', baseURL: server.url, maxRetries: 0, outputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
    const result = await agent.run('name it');
    expectTypeOf(result.output).toEqualTypeOf<Record<string, unknown> | undefined>();
    expect(result.output).toEqual({ name: 'x' });
    expect((server.requests[0]!.body.tools as { input_schema: unknown }[])[0]!.input_schema).toEqual({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    await agent.close();
  });

  it('sends no tool and reports no output without an outputSchema', async () => {
    server = await createFakeMessagesServer({ script: [textReply('{"title":"x"}')] });
    const agent = createAgent({ tools: [], apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    const result = await agent.run('hi');
    expect(result.output).toBeUndefined();
    expect(server.requests[0]!.body.tools).toEqual([]);
    await agent.close();
  });

  it.each([
    ['a zod schema that is not an object', { outputSchema: z.string() }, 'outputSchema'],
    ['a JSON Schema that is not an object', { outputSchema: { type: 'array' } }, 'outputSchema'],
    ['a value that is no schema', { outputSchema: 'json' }, 'outputSchema'],
    ['negative retries', { outputSchema: verdict, outputRetries: -1 }, 'outputRetries'],
  ])('rejects %s with INPUT_INVALID naming the field', (_name, options, field) => {
    let error: unknown;
    try {
      createAgent({ tools: [], apiKey: 'k', ...(options as object) });
    } catch (caught) {
      error = caught;
    }
    expect(CodevError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INPUT_INVALID', field });
  });

  it('is an agent definition key (defineAgent, codev run scripts)', () => {
    expect(validateAgentDefinition({ value: { outputSchema: verdict, outputRetries: 0 } }).outputSchema).toBe(verdict);
    expect(() => validateAgentDefinition({ value: { outputRetries: -1 } })).toThrow(expect.objectContaining({ code: 'AGENT_INVALID', field: 'outputRetries' }));
  });
});
