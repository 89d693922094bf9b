import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { rewriteMovedPaths } from './rewrite-moved-paths.ts';
import type { MessageEntry } from './types.ts';

const entry = (message: Anthropic.MessageParam, uuid: string): MessageEntry => ({ type: 'message', uuid, timestamp: '2026-01-01T00:00:00.000Z', message });

const conversation: MessageEntry[] = [
  entry({ role: 'user', content: 'work in /a/job/1 please' }, 'u1'),
  entry(
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'about /a/job/1', signature: 'sig' },
        { type: 'text', text: 'writing /a/job/1/x.txt, not /a/job/10/y or /a/job/1.bak' },
        { type: 'tool_use', id: 't1', name: 'Write', input: { file_path: '/a/job/1/x.txt', content: 'x', nested: [{ cwd: '/a/job/1' }], count: 3 } },
      ],
    },
    'a1',
  ),
  entry({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'wrote /a/job/1/x.txt' }] }, 'u2'),
];

describe('rewriteMovedPaths', () => {
  it('rewrites whole-segment paths in text, tool inputs and results, keeps thinking, and tells the model in the last message', () => {
    const [first, second, third] = rewriteMovedPaths(conversation, [{ from: '/a/job/1', to: '/b/job/2' }]);
    expect(first!.message.content).toBe('work in /b/job/2 please');
    const blocks = second!.message.content as Anthropic.ContentBlockParam[];
    expect(blocks[0]).toEqual(conversation[1]!.message.content[0]);
    expect(blocks[1]).toMatchObject({ text: 'writing /b/job/2/x.txt, not /a/job/10/y or /a/job/1.bak' });
    expect(blocks[2]).toMatchObject({ input: { file_path: '/b/job/2/x.txt', content: 'x', nested: [{ cwd: '/b/job/2' }], count: 3 } });
    const last = third!.message.content as Anthropic.ContentBlockParam[];
    expect(last[0]).toMatchObject({ type: 'tool_result', content: 'wrote /b/job/2/x.txt' });
    expect(last[1]).toMatchObject({ type: 'text' });
    expect((last[1] as Anthropic.TextBlockParam).text).toContain('/a/job/1 moved to /b/job/2');
    expect(third!.uuid).toBe('u2');
  });

  it("keeps the text the file tools wrote into files as it was (the files hold it), and rewrites their paths", () => {
    const calls = [
      { type: 'tool_use' as const, id: 'w', name: 'Write', input: { file_path: '/a/job/1/cfg', content: 'root=/a/job/1\n' } },
      { type: 'tool_use' as const, id: 'e', name: 'Edit', input: { file_path: '/a/job/1/cfg', old_string: 'root=/a/job/1', new_string: 'root=/a/job/1/src' } },
      { type: 'tool_use' as const, id: 'n', name: 'NotebookEdit', input: { notebook_path: '/a/job/1/n.ipynb', new_source: 'cd /a/job/1' } },
      { type: 'tool_use' as const, id: 'b', name: 'Bash', input: { command: 'cat /a/job/1/cfg' } },
    ];
    const [rewritten] = rewriteMovedPaths([entry({ role: 'assistant', content: calls }, 'a1')], [{ from: '/a/job/1', to: '/b/job/2' }]);
    expect((rewritten!.message.content as Anthropic.ToolUseBlockParam[]).map((block) => block.input)).toEqual([
      { file_path: '/b/job/2/cfg', content: 'root=/a/job/1\n' },
      { file_path: '/b/job/2/cfg', old_string: 'root=/a/job/1', new_string: 'root=/a/job/1/src' },
      { notebook_path: '/b/job/2/n.ipynb', new_source: 'cd /a/job/1' },
      { command: 'cat /b/job/2/cfg' },
    ]);
  });

  it('never rewrites a path already under the new folder when the old one is its parent', () => {
    const entries = [entry({ role: 'user', content: 'see /r/job and /r/job/2/x' }, 'u1')];
    const [rewritten] = rewriteMovedPaths(entries, [{ from: '/r/job', to: '/r/job/2' }]);
    expect((rewritten!.message.content as Anthropic.TextBlockParam[])[0]!.text).toBe('see /r/job/2 and /r/job/2/x');
  });

  it('leaves the entries as they were when nothing moved', () => {
    expect(rewriteMovedPaths(conversation, [{ from: '/a/job/1', to: '/a/job/1' }])).toEqual(conversation);
    expect(conversation[0]!.message.content).toBe('work in /a/job/1 please');
  });
});
