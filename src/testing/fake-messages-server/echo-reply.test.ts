import { describe, expect, it } from 'vitest';
import { echoReply } from './echo-reply.ts';
import { exampleToolInput, PLACEHOLDER } from './example-tool-input.ts';
import type { RecordedRequest } from './types.ts';

const WORD_COUNT = { name: 'WordCount', description: 'Count words', input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };

function request(body: Record<string, unknown>): RecordedRequest {
  return { method: 'POST', path: '/v1/messages', query: {}, headers: {}, body, rawBody: JSON.stringify(body), stream: false };
}

const textOf = (reply: ReturnType<typeof echoReply>) => reply.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');

describe('echoReply', () => {
  it('quotes the prompt when it names no offered tool', () => {
    const reply = echoReply(request({ messages: [{ role: 'user', content: 'Say hello' }], tools: [WORD_COUNT] }));
    expect(reply.content.some((block) => block.type === 'tool_use')).toBe(false);
    expect(textOf(reply)).toContain('Say hello');
  });

  it('cuts a long prompt between characters, never inside an emoji (no lone surrogate), and sees a tool named between non-Latin letters as no word of its own', () => {
    const text = textOf(echoReply(request({ messages: [{ role: 'user', content: `${'й'.repeat(299)}😀 конец` }] })));
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    const glued = echoReply(request({ messages: [{ role: 'user', content: 'посчитайWordCountфайл' }], tools: [WORD_COUNT] }));
    expect(glued.content.some((block) => block.type === 'tool_use')).toBe(false);
    const apart = echoReply(request({ messages: [{ role: 'user', content: 'используй WordCount на README.md' }], tools: [WORD_COUNT] }));
    expect(apart.content.find((block) => block.type === 'tool_use')).toMatchObject({ name: 'WordCount', input: { path: 'README.md' } });
  });

  it('calls the tool the prompt names, with a file name of the prompt as its path', () => {
    const reply = echoReply(request({ messages: [{ role: 'user', content: [{ type: 'text', text: 'How many words are in README.md? Use the WordCount tool.' }] }], tools: [WORD_COUNT] }));
    expect(reply.content.find((block) => block.type === 'tool_use')).toMatchObject({ name: 'WordCount', input: { path: 'README.md' } });
  });

  it('quotes the tool results it gets back, naming the tool, and calls nothing more', () => {
    const reply = echoReply(
      request({
        tools: [WORD_COUNT],
        messages: [
          { role: 'user', content: 'Use the WordCount tool on a.txt' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'WordCount', input: { path: 'a.txt' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: `{"words":${'9'.repeat(1000)}}` }] }] },
        ],
      }),
    );
    expect(reply.content.some((block) => block.type === 'tool_use')).toBe(false);
    expect(textOf(reply)).toContain('WordCount');
    expect(textOf(reply).length).toBeLessThan(600);
  });

  it('calls the tool tool_choice forces', () => {
    const reply = echoReply(request({ messages: [{ role: 'user', content: 'anything' }], tools: [WORD_COUNT], tool_choice: { type: 'tool', name: 'WordCount' } }));
    expect(reply.content.find((block) => block.type === 'tool_use')).toMatchObject({ name: 'WordCount' });
  });
});

describe('exampleToolInput', () => {
  it('fills required fields only: field=value pairs, enums, numbers, nested objects, placeholders', () => {
    const schema = {
      type: 'object',
      properties: {
        command: { type: 'string' },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        count: { type: 'integer', minimum: 2 },
        limit: { type: 'number' },
        flag: { type: 'boolean' },
        tags: { type: 'array' },
        target: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
        label: { type: 'string' },
        optional: { type: 'string' },
      },
      required: ['command', 'mode', 'count', 'limit', 'flag', 'tags', 'target', 'label'],
    };
    expect(exampleToolInput({ schema, prompt: 'Run command="ls -la" with limit=5 on src/app.ts' })).toEqual({
      command: 'ls -la',
      mode: 'fast',
      count: 2,
      limit: 5,
      flag: false,
      tags: [],
      target: { file_path: 'src/app.ts' },
      label: PLACEHOLDER,
    });
  });

  it('fills what a tool schema from zod or an MCP server holds: nullable types, $ref to $defs, numeric enums, arrays with minItems, recursion', () => {
    const schema = {
      type: 'object',
      $defs: {
        Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        Node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } }, required: ['name', 'child'] },
      },
      properties: {
        count: { type: ['null', 'integer'] },
        note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
        at: { $ref: '#/$defs/Point' },
        level: { enum: [1, 2, 3] },
        names: { type: 'array', items: { type: 'string' }, minItems: 1 },
        tree: { $ref: '#/$defs/Node' },
      },
      required: ['count', 'note', 'at', 'level', 'names', 'tree'],
    };
    const input = exampleToolInput({ schema, prompt: 'Use it with level=2' });
    expect(input).toMatchObject({ count: 1, note: PLACEHOLDER, at: { x: 1 }, level: 2, names: [PLACEHOLDER], tree: { name: PLACEHOLDER } });
  });
});
