import { MAX_SHOWN_STDOUT_CHARS } from './format-repl-result.ts';

/** The default timeout of a REPL call, and the largest one accepted (a larger one is an input error). */
export const DEFAULT_REPL_TIMEOUT_MS = 30_000;
export const MAX_REPL_TIMEOUT_MS = 600_000;

export const REPL_DESCRIPTION = 'Run JavaScript with top-level await in a persistent context where the other tools are async functions';

/** One tool as the prompt lists it; `inputSchema` is given for tools the model cannot see in its pool. */
export interface ReplFunctionListing {
  name: string;
  description: string;
  inputSchema?: unknown;
}

// A function, not a constant: toLocaleString starts ICU (tens of ms), which every start would pay for a tool that is off by default.
const intro = (): string => `Run JavaScript in a persistent REPL. Use it to script several tool calls at once: loop over files, filter and combine results, compute values.

- code: a script (not a module: no import or require). Top-level await works. Top-level const, let, var, function and class declarations persist for the rest of the session; declaring a name again replaces it.
- The value of the last expression is the result, shown like Node's util.inspect. console.log/info/debug print to stdout, console.error/warn to stderr.
- Tools are async functions that take the tool's input object and resolve with its output data: \`const file = await Read({ file_path: '/abs/path' })\`. They are also in \`tools\` (\`tools['mcp__server__tool']\`) and callable as \`callTool(name, input)\`. Every call goes through the same validation, hooks, permission rules and prompts as a direct call. A call that does not succeed rejects with an Error whose \`status\` says why ('denied', 'invalid-input', 'not-found', 'cancelled', 'error', ...) and whose message is the tool's error text: catch it to handle it.
- There is no file system, process, environment or module access: do those through the tools. Available besides the JS builtins: console, setTimeout/setInterval/setImmediate (and their clear functions), queueMicrotask, URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa. There is no fetch; the network is cut off entirely only where bubblewrap is installed.
- timeout: in milliseconds, default ${DEFAULT_REPL_TIMEOUT_MS}, at most ${MAX_REPL_TIMEOUT_MS}. Time spent waiting for a permission answer does not count. A timeout or an interrupt kills the REPL: its state is lost and the next call starts fresh.
- Tool calls still running when the code ends are cancelled: await them.
- Keep printed output small (stdout is cut to about ${MAX_SHOWN_STDOUT_CHARS.toLocaleString('en-US')} characters in the result); keep big values in variables and print what you need.`;

/** The REPL tool's prompt: how to use it, then the functions the code can call. */
export function buildReplPrompt(functions: readonly ReplFunctionListing[]): string {
  if (functions.length === 0) return `${intro()}\n\nNo tools are callable from the REPL right now.`;
  const lines = functions.map((listing) => {
    const schema = listing.inputSchema === undefined ? '' : `\n  input: ${JSON.stringify(listing.inputSchema)}`;
    return `- ${listing.name}: ${listing.description}${schema}`;
  });
  return `${intro()}\n\nFunctions (tools listed with an input schema are only reachable from here):\n${lines.join('\n')}`;
}
