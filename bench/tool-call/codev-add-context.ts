import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildTool, defineHook, type CanUseTool, type Tool, type ToolUseBlock, type ToolUseContext } from '../../src/index.ts';
import { createTestContext } from '../../src/testing/index.ts';
import { ADD_TOOL, addInputs } from './add-tool.ts';
import { FIFTY_RULES } from './fifty-rules.ts';

/** The `Add` tool, as a codev tool. */
export const codevAddTool: Tool = buildTool({
  name: ADD_TOOL.name,
  description: ADD_TOOL.description,
  inputSchema: ADD_TOOL.inputSchema,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  call: (input) => ({ data: ADD_TOOL.execute(input) }),
});

/** Never asked: every bench call is decided by the rules or the tool's own allow. Denies if it is. */
export const denyPrompt: CanUseTool = () => ({ behavior: 'deny', message: 'no prompt in benchmarks' });

/**
 * A session for the Add tool: bare (no rules, no hooks), or with the 50 rules and two trivial hooks
 * (one PreToolUse, one PostToolUse, both matching Add and answering nothing). `dispose` removes its temp folder.
 */
export function codevAddContext(options: { rulesAndHooks: boolean }): { context: ToolUseContext; dispose: () => void } {
  const hooks = options.rulesAndHooks
    ? [
        defineHook({ event: 'PreToolUse', matcher: 'Add', handler: () => undefined }),
        defineHook({ event: 'PostToolUse', matcher: 'Add', handler: () => undefined }),
      ]
    : [];
  const context = createTestContext({ tools: [codevAddTool], hooks, ...(options.rulesAndHooks ? FIFTY_RULES : {}) });
  return { context, dispose: () => rmSync(path.dirname(context.sessionDirectory), { recursive: true, force: true }) };
}

/** `count` tool_use blocks as a model would send them (distinct ids and inputs). */
export function addToolUses(count: number, idPrefix = 'toolu_'): ToolUseBlock[] {
  return addInputs(count).map((input, index) => ({ type: 'tool_use', id: `${idPrefix}${index}`, name: ADD_TOOL.name, input }));
}
