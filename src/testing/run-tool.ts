import { runToolUse } from '../execution/run-tool-use.ts';
import type { ToolProgressUpdate, ToolResultUpdate, ToolUseContext } from '../execution/types.ts';
import type { CanUseTool } from '../permissions/types.ts';

let counter = 0;

/** Runs one call through `runToolUse` and collects its updates: the progress list and the result. */
export async function runTool(options: {
  name: string;
  input?: unknown;
  context: ToolUseContext;
  canUseTool?: CanUseTool;
  id?: string;
}): Promise<{ result: ToolResultUpdate; progress: ToolProgressUpdate[] }> {
  const progress: ToolProgressUpdate[] = [];
  let result: ToolResultUpdate | undefined;
  const toolUse = { type: 'tool_use' as const, id: options.id ?? `toolu_test_${++counter}`, name: options.name, input: options.input ?? {} };
  const canUseTool: CanUseTool = options.canUseTool ?? (() => ({ behavior: 'deny', message: 'no prompt in tests' }));
  for await (const update of runToolUse(toolUse, undefined, canUseTool, options.context)) {
    if (update.type === 'progress') progress.push(update);
    else result = update;
  }
  if (!result) throw new Error('runToolUse ended without a result');
  return { result, progress };
}

/** The text of a result block (string content, or its text blocks joined). */
export function resultText(result: ToolResultUpdate): string {
  const content = result.block.content;
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}
