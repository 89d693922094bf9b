import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { buildTool, DEFAULT_MAX_RESULT_SIZE_CHARS, isTool, withToolSource } from './build-tool.ts';
import type { ToolContext } from './types.ts';

const context = {} as ToolContext;

const echo = () =>
  buildTool({
    name: 'Echo',
    description: 'Repeat a message',
    inputSchema: z.object({ message: z.string(), times: z.number().int().default(1) }),
    async call(input) {
      expectTypeOf(input).toEqualTypeOf<{ message: string; times: number }>();
      return { data: input.message.repeat(input.times) };
    },
  });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return CodevError.isInstance(error) ? `${error.code}:${error.field}` : 'not-a-codev-error';
  }
  return undefined;
}

describe('buildTool', () => {
  it('fills exactly the seed defaults', async () => {
    const tool = echo();
    const input = { message: 'hi', times: 1 };
    expect(tool.isEnabled()).toBe(true);
    expect(tool.isConcurrencySafe(input)).toBe(false);
    expect(tool.isReadOnly(input)).toBe(false);
    expect(tool.isDestructive(input)).toBe(false);
    expect(await tool.checkPermissions(input, context)).toEqual({ behavior: 'allow', updatedInput: input });
    expect(tool.toAutoClassifierInput(input)).toBe('');
    expect(tool.userFacingName()).toBe('Echo');
    expect(tool.aliases).toEqual([]);
    expect(tool.shouldDefer).toBe(false);
    expect(tool.alwaysLoad).toBe(false);
    expect(tool.strict).toBe(false);
    expect(tool.maxResultSizeChars).toBe(DEFAULT_MAX_RESULT_SIZE_CHARS);
    expect(tool.interruptBehavior()).toBe('block');
    expect(await tool.validateInput(input, context)).toEqual({ result: true });
    expect(await tool.description()).toBe('Repeat a message');
    expect(await tool.prompt({ permissionContext: {} as never, tools: [] })).toBe('Repeat a message');
    expect(tool.mapToolResultToToolResultBlockParam('hihi', 't1')).toEqual({ type: 'tool_result', tool_use_id: 't1', content: 'hihi' });
    expect(buildTool({ name: 'J', description: 'd', inputSchema: z.object({}), call: () => ({ data: { a: 1 } }) }).mapToolResultToToolResultBlockParam({ a: 1 }, 't1').content).toBe('{\n  "a": 1\n}');
  });

  it('is frozen, marked, and keeps the author methods', async () => {
    const tool = buildTool({
      name: 'Reader',
      description: (input?: { path: string }) => `Read ${input?.path ?? 'a file'}`,
      inputSchema: z.object({ path: z.string() }),
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      userFacingName: () => 'Read file',
      aliases: ['OldReader'],
      call: ({ path }) => ({ data: path }),
    });
    expect(Object.isFrozen(tool)).toBe(true);
    expect(isTool(tool)).toBe(true);
    expect(isTool({ ...tool })).toBe(false);
    expect(tool.isReadOnly({ path: 'x' })).toBe(true);
    expect(await tool.description({ path: 'a.txt' })).toBe('Read a.txt');
    expect(tool.userFacingName()).toBe('Read file');
    expect(tool.aliases).toEqual(['OldReader']);
    const sourced = withToolSource(tool, { type: 'builtin' });
    expect(isTool(sourced)).toBe(true);
    expect(sourced.source).toEqual({ type: 'builtin' });
    expect(tool.source).toEqual({ type: 'inline' });
  });

  it('derives the input JSON Schema from zod, input side, without $schema', () => {
    const schema = echo().jsonSchema;
    expect(schema.type).toBe('object');
    expect(schema.$schema).toBeUndefined();
    expect(schema.required).toEqual(['message']);
    expect((schema.properties as Record<string, { type: string }>).times?.type).toBe('integer');
  });

  it('passes inputJSONSchema through as-is for MCP tools', () => {
    const raw = { type: 'object' as const, properties: { q: { type: 'string', 'x-custom': true } }, required: ['q'] };
    const tool = buildTool({ name: 'mcp__srv__search', description: 'd', inputSchema: z.looseObject({}), inputJSONSchema: raw, isMcp: true, call: () => ({ data: '' }) });
    expect(tool.jsonSchema).toBe(raw);
    expect(tool.isMcp).toBe(true);
  });

  it('rejects malformed definitions with the field at fault', () => {
    const base = { name: 'T', description: 'd', inputSchema: z.object({}), call: () => ({ data: 1 }) };
    expect(codeOf(() => buildTool(undefined as never))).toBe('TOOL_DEFINITION_INVALID:definition');
    expect(codeOf(() => buildTool({ ...base, name: '' }))).toBe('TOOL_DEFINITION_INVALID:name');
    expect(codeOf(() => buildTool({ ...base, name: 'has space' }))).toBe('TOOL_DEFINITION_INVALID:name');
    expect(codeOf(() => buildTool({ ...base, name: 'x'.repeat(65) }))).toBe('TOOL_DEFINITION_INVALID:name');
    expect(codeOf(() => buildTool({ ...base, name: 'dot.name' }))).toBe('TOOL_DEFINITION_INVALID:name');
    expect(codeOf(() => buildTool({ ...base, inputSchema: { type: 'object' } as never }))).toBe('TOOL_DEFINITION_INVALID:inputSchema');
    expect(codeOf(() => buildTool({ ...base, inputSchema: { _def: {}, safeParse() {} } as never }))).toBe('TOOL_DEFINITION_INVALID:inputSchema');
    expect(codeOf(() => buildTool({ ...base, inputSchema: z.string() as never }))).toBe('TOOL_DEFINITION_INVALID:inputSchema');
    expect(codeOf(() => buildTool({ ...base, description: undefined as never }))).toBe('TOOL_DEFINITION_INVALID:description');
    expect(codeOf(() => buildTool({ ...base, call: 'nope' as never }))).toBe('TOOL_DEFINITION_INVALID:call');
    expect(codeOf(() => buildTool({ ...base, isReadOnly: true as never }))).toBe('TOOL_DEFINITION_INVALID:isReadOnly');
    expect(codeOf(() => buildTool({ ...base, shouldDefer: 'yes' as never }))).toBe('TOOL_DEFINITION_INVALID:shouldDefer');
    expect(codeOf(() => buildTool({ ...base, aliases: ['bad alias'] }))).toBe('TOOL_DEFINITION_INVALID:aliases');
    expect(codeOf(() => buildTool({ ...base, maxResultSizeChars: 0 }))).toBe('TOOL_DEFINITION_INVALID:maxResultSizeChars');
    expect(codeOf(() => buildTool({ ...base, inputJSONSchema: { type: 'string' } as never }))).toBe('TOOL_DEFINITION_INVALID:inputJSONSchema');
    expect(codeOf(() => buildTool({ ...base, maxResultSizeChars: Infinity }))).toBeUndefined();
  });
});
