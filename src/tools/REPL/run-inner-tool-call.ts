import { runToolUse } from '../../execution/run-tool-use.ts';
import type { ToolResultUpdate, ToolUseContext } from '../../execution/types.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import type { ProgressPayload, REPLToolProgress } from '../../progress/types.ts';
import type { Tool, ToolCallContext } from '../../tool/types.ts';
import type { ReplToolAnswer, ReplToolCall } from '../../repl/types.ts';

/**
 * Runs one call the REPL's code made through the whole lifecycle (`runToolUse`: validation, hooks, rules,
 * the permission prompt, the call, result mapping), as if the model had made it, with the REPL call's
 * context but the REPL's own pool. Its progress is reported as `repl_progress`. The permission prompt's
 * waiting time pauses the REPL's timeout. Resolves with the call's data on success, else with the status and
 * the result text (which the worker turns into a rejected promise). A deny with `interrupt` is reported
 * through `onInterrupt`, so the REPL run stops with the turn.
 */
export async function runInnerToolCall(options: {
  call: ReplToolCall;
  toolUseId: string;
  tools: readonly Tool[];
  context: ToolCallContext<REPLToolProgress>;
  signal: AbortSignal;
  pauseClock(): () => void;
  /** Called when the user denied this call and asked to stop the turn. */
  onInterrupt?: (toolName: string) => void;
}): Promise<ReplToolAnswer> {
  const { call, context } = options;
  const { toolUseId: _toolUseId, onProgress: _onProgress, canUseTool: _canUseTool, assistantMessage: _assistantMessage, ...inherited } = context as ToolCallContext & Partial<ToolUseContext>;
  const innerContext: ToolUseContext = { ...inherited, hooks: inherited.hooks ?? [], ruleSets: inherited.ruleSets ?? [], tools: options.tools, signal: options.signal };
  const canUseTool: CanUseTool = async (tool, input, prompt) => {
    const resume = options.pauseClock();
    try {
      return await context.canUseTool(tool, input, prompt);
    } finally {
      resume();
    }
  };
  context.onProgress({ type: 'repl_progress', message: `Calling ${call.name}`, innerToolName: call.name });
  let result: ToolResultUpdate | undefined;
  const toolUse = { type: 'tool_use' as const, id: options.toolUseId, name: call.name, input: call.input };
  for await (const update of runToolUse(toolUse, undefined, canUseTool, innerContext)) {
    if (update.type === 'result') result = update;
    else context.onProgress({ type: 'repl_progress', message: `${update.toolName}: ${describeProgress(update.progress)}`, innerToolName: update.toolName });
  }
  if (!result) return { ok: false, status: 'error', message: `${call.name} ended without a result` };
  if (result.interrupt) options.onInterrupt?.(result.toolName);
  context.onProgress({ type: 'repl_progress', message: `${result.toolName}: ${result.status}`, innerToolName: result.toolName });
  if (result.status === 'ok') return { ok: true, output: result.output === undefined ? blockText(result) : result.output };
  return { ok: false, status: result.status, message: blockText(result).replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1') };
}

function blockText(result: ToolResultUpdate): string {
  const content = result.block.content;
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

function describeProgress(progress: ProgressPayload): string {
  const text = typeof progress.message === 'string' ? progress.message : typeof progress.output === 'string' ? progress.output : progress.type;
  const line = text.trim().split('\n').at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
