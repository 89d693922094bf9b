import { expect, it } from 'vitest';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import type { ToolUseUpdate } from '../../src/execution/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { mcpToolToTool } from '../../src/mcp/mcp-tool-to-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// An MCP tool takes any replacement output a PostToolUse hook gives it (README: Hooks). A redacting hook
// that answers with text, or with something else the tool cannot show, must not turn a call that ran into a
// failed one (the model would make it again). Text replaces the output; what the tool cannot show is
// ignored with a warning, as a replacement that does not match another tool's output schema is.
let calls = 0;
const lookup = mcpToolToTool({
  server: 'vault',
  tool: { name: 'lookup', inputSchema: { type: 'object' } },
  connection: {
    callTool: () => {
      calls++;
      return Promise.resolve({ content: [{ type: 'text', text: 'the secret is hunter2' }] });
    },
  },
});

async function run(updatedOutput: unknown, warnings: string[] = []): Promise<ToolUseUpdate & { type: 'result' }> {
  const redact = defineHook({ event: 'PostToolUse', matcher: 'mcp__vault__lookup', name: 'redact', handler: () => ({ updatedOutput }) });
  const context = Object.assign(createTestContext({ tools: [lookup], hooks: [redact], allow: ['mcp__vault__lookup'] }), { onWarning: (warning: string) => void warnings.push(warning) });
  const updates: ToolUseUpdate[] = [];
  for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'mcp__vault__lookup', input: {} }, undefined, () => Promise.resolve({ behavior: 'deny', message: 'no prompt here' }), context)) updates.push(update);
  const result = updates.at(-1)!;
  if (result.type !== 'result') throw new Error('no result');
  return result;
}

it('a PostToolUse hook replacing an MCP tool output with text: the text is the result, the call a success made once', async () => {
  calls = 0;
  const result = await run('the secret is [redacted]');
  expect(result.status).toBe('ok');
  expect(calls).toBe(1);
  expect(JSON.stringify(result.block)).toContain('[redacted]');
  expect(JSON.stringify(result.block)).not.toContain('hunter2');
});

for (const updatedOutput of [42, { text: 'not a block list' }, [{ no: 'type' }]]) {
  it(`a PostToolUse hook replacing an MCP tool output with ${JSON.stringify(updatedOutput)}: the call stays a success made once, the replacement ignored with a warning`, async () => {
    calls = 0;
    const warnings: string[] = [];
    const result = await run(updatedOutput, warnings);
    expect(result.status).toBe('ok');
    expect(calls).toBe(1);
    expect(warnings.some((warning) => warning.includes('redact'))).toBe(true);
    expect(JSON.stringify(result.block)).not.toContain('not a block list');
  });
}
