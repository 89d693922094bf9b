import { z } from 'zod';
import { CodevError } from '../../errors/codev-error.ts';
import type { REPLToolProgress } from '../../progress/types.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { Tool } from '../../tool/types.ts';
import { formatReplResult } from './format-repl-result.ts';
import { loadRepl } from './load-repl.ts';
import { buildReplPrompt, DEFAULT_REPL_TIMEOUT_MS, MAX_REPL_TIMEOUT_MS, REPL_DESCRIPTION, type ReplFunctionListing } from './prompt.ts';
import { runInnerToolCall } from './run-inner-tool-call.ts';
import type { ReplOutput, ReplToolOptions } from './types.ts';

export { formatReplResult, MAX_SHOWN_STDERR_CHARS, MAX_SHOWN_STDOUT_CHARS } from './format-repl-result.ts';
export { buildReplPrompt, DEFAULT_REPL_TIMEOUT_MS, MAX_REPL_TIMEOUT_MS, REPL_DESCRIPTION } from './prompt.ts';
export type { ReplOutput, ReplToolOptions } from './types.ts';

const REPL_TOOL_NAME = 'REPL';

const inputSchema = z.strictObject({
  code: z.string().describe('JavaScript to run. Top-level await works; top-level declarations persist between calls; the last expression is the result'),
  description: z.string().optional().describe('What this code does, in 5-10 words'),
  timeout: z.number().int().positive().max(MAX_REPL_TIMEOUT_MS).optional().describe(`Timeout in milliseconds (default ${DEFAULT_REPL_TIMEOUT_MS}, max ${MAX_REPL_TIMEOUT_MS})`),
});

/** The input of a REPL call. */
export type ReplInput = z.output<typeof inputSchema>;

/**
 * The REPL tool: JavaScript with top-level await in a context that persists per session (one worker per
 * session directory), where the other tools are async functions. Every inner call goes through the whole
 * lifecycle (`runToolUse`) with the call's `canUseTool`, so rules, hooks and prompts apply as to the
 * model's own calls; the REPL's own permission check is the default allow.
 *
 * The code runs in a separate Node process under Node's permission model (no file system, child processes,
 * workers or addons), with the handles that could act on other processes removed; the network is cut only
 * when bubblewrap is available (then it also runs in bubblewrap). A timeout (default 30 s; over 600 s is an
 * input error), an interrupt or a crash kills the worker, and the result says the state was reset. Under
 * Deno a call fails with `REPL_FAILED`: the REPL needs Node.js.
 *
 * @example
 * createReplTool({ primitives: () => [readTool, globTool, grepTool, bashTool] });
 */
export function createReplTool(options: ReplToolOptions = {}): Tool<ReplInput, ReplOutput, REPLToolProgress> {
  const callableTools = (pool: readonly Tool[]): Tool[] => {
    const inPool = new Set(pool.map((tool) => tool.name));
    const hidden = (options.primitives?.() ?? []).filter((tool) => !inPool.has(tool.name) && isEnabled(tool));
    return [...pool, ...hidden].filter((tool) => tool.name !== REPL_TOOL_NAME);
  };

  return buildBuiltinTool<typeof inputSchema, ReplOutput, REPLToolProgress>({
    name: REPL_TOOL_NAME,
    searchHint: 'javascript script repl evaluate code loop batch tools',
    inputSchema,
    description: REPL_DESCRIPTION,
    prompt: async ({ tools }) => buildReplPrompt(await listFunctions(callableTools(tools), tools)),
    interruptBehavior: () => 'cancel',
    getActivityDescription: (input) => input.description ?? 'Running JavaScript',
    renderToolUseMessage: (input) => input.description ?? firstLine(input.code ?? ''),
    renderToolResultMessage: (output) => (output.error !== undefined ? `Error: ${firstLine(output.error)}` : (output.result ?? '(no result)')),
    renderToolUseProgressMessage: (progress) => progress.at(-1)?.message ?? '',
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: formatReplResult(output),
      ...(output.error !== undefined ? { is_error: true } : {}),
    }),
    async call(input, context) {
      if ('Deno' in globalThis) {
        throw new CodevError('REPL_FAILED', 'The REPL tool needs Node.js: it runs code in a Node.js child process under Node\'s permission model, which Deno does not have.', { tool: REPL_TOOL_NAME, hint: 'run codev with Node.js 20.19 or newer' });
      }
      const { transformReplCode, getReplSession } = await loadRepl();
      const transformed = transformReplCode(input.code);
      if (!transformed.ok) {
        return { data: { code: input.code, stdout: '', stderr: '', error: `SyntaxError: ${transformed.message} (line ${transformed.line}:${transformed.column})`, toolCalls: 0 } };
      }
      const tools = callableTools(context.tools);
      let toolCalls = 0;
      // A user who denies an inner call with "stop" stops the code too, and the turn after this result.
      const stop = new AbortController();
      let stoppedAt: string | undefined;
      const onInterrupt = (toolName: string) => {
        stoppedAt ??= toolName;
        stop.abort();
      };
      const outcome = await getReplSession(context.sessionDirectory).run({
        code: transformed.code,
        lineCount: transformed.lineCount,
        toolNames: tools.map((tool) => tool.name),
        timeoutMs: input.timeout ?? DEFAULT_REPL_TIMEOUT_MS,
        signal: AbortSignal.any([context.signal, stop.signal]),
        onToolCall: (call, handles) => runInnerToolCall({ call, toolUseId: `${context.toolUseId}/repl-${++toolCalls}`, tools, context, ...handles, onInterrupt }),
        onOutput: (stream, text) => context.onProgress({ type: 'repl_progress', message: outputLine(stream, text) }),
      });
      const data: ReplOutput = { code: input.code, result: outcome.result, stdout: outcome.stdout, stderr: outcome.stderr, toolCalls };
      if (outcome.error !== undefined) data.error = outcome.error;
      if (outcome.reset) data.stateReset = outcome.reset;
      if (stoppedAt === undefined) return { data };
      data.error = `Stopped: the user denied ${stoppedAt} and asked to stop, so the code was stopped there${outcome.reset ? '; the REPL state was reset' : ''}.`;
      return { data, interrupt: true };
    },
  });
}

/** The REPL tool without hidden primitives: only the pool's tools are callable. */
export const replTool = createReplTool();

async function listFunctions(callable: readonly Tool[], pool: readonly Tool[]): Promise<ReplFunctionListing[]> {
  return Promise.all(
    callable.map(async (tool) => {
      const description = firstLine(await tool.description().catch(() => ''));
      return pool.includes(tool) ? { name: tool.name, description } : { name: tool.name, description, inputSchema: tool.jsonSchema };
    }),
  );
}

function isEnabled(tool: Tool): boolean {
  try {
    return tool.isEnabled();
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function outputLine(stream: 'stdout' | 'stderr', text: string): string {
  const line = firstLine(text.trim().split('\n').at(-1) ?? '');
  return stream === 'stderr' ? `stderr: ${line}` : line;
}
