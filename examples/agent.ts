/**
 * An agent over this repo's kernel (codev.config.ts, plugins/): the prompt comes from the command line,
 * the events stream to stdout as they happen.
 *
 *   ANTHROPIC_API_KEY=sk-ant-... node examples/run.mjs examples/agent.ts "Echo hello three times"
 *   ANTHROPIC_BASE_URL=http://127.0.0.1:8080 npx deno run -A examples/agent.ts "..."   (any Anthropic-compatible server)
 *
 * With neither variable set it prints what to set and exits 1. Exit code 1 also when the query fails (the model API
 * failed or could not be reached, a hook blocked the prompt), as `codev run`.
 * Permission asks (a call no rule allows) are prompted for on a terminal and denied otherwise.
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { CodevError, createAgent, createKernel, type CanUseTool, type EndReason } from 'codev';

/** The end reasons that mean the query failed (the others, such as `max_turns`, are limits it reached). */
const FAILED: ReadonlySet<EndReason> = new Set<EndReason>(['error', 'blocked', 'output-invalid']);

const DEFAULT_PROMPT = 'Use the Echo tool to repeat "hello from codev" twice, then tell me what it returned.';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prompt = process.argv.slice(2).join(' ').trim() || DEFAULT_PROMPT;

/** On a terminal, asks y/N; in a pipe or CI nobody can answer, so the call is denied with a message the model reads. */
const canUseTool: CanUseTool = async (tool, input, { message }) => {
  if (!process.stdin.isTTY) return { behavior: 'deny', message: `${message} This script is not interactive, so the call was denied.` };
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await readline.question(`\n? ${tool.name} ${JSON.stringify(input)}\n  ${message}\n  Allow? [y/N] `);
    return /^y(es)?$/i.test(answer.trim()) ? { behavior: 'allow' } : { behavior: 'deny', message: 'The user declined.' };
  } finally {
    readline.close();
  }
};

const kernel = await createKernel({ cwd: root });
try {
  for (const error of kernel.errors) console.error(`warning: ${error.format()}`);
  let agent;
  try {
    agent = createAgent({ kernel, canUseTool });
  } catch (error) {
    if (!CodevError.isInstance(error) || error.code !== 'MODEL_NOT_CONFIGURED') throw error;
    console.error(error.format());
    process.exitCode = 1;
  }
  if (agent) {
    try {
      process.exitCode = await run(agent, prompt);
    } finally {
      // Ends the session: its transcript stays in .codev/sessions/ (`codev sessions` lists it), its scratch folder goes.
      await agent.close();
    }
  }
} finally {
  await kernel.close();
}

/** Streams one query: text as it arrives, each tool call and its result (with who decided), then a summary. */
async function run(agent: ReturnType<typeof createAgent>, text: string): Promise<number> {
  let midLine = false;
  const line = (value: string) => {
    if (midLine) process.stdout.write('\n');
    midLine = false;
    console.log(value);
  };
  let failed = false;
  for await (const event of agent.query(text)) {
    switch (event.type) {
      case 'text-delta':
        process.stdout.write(event.text);
        midLine = !event.text.endsWith('\n');
        break;
      case 'tool-call':
        line(`→ ${event.toolName} ${JSON.stringify(event.input)}`);
        break;
      case 'tool-progress':
        // Hook runs report progress too; this example shows only the tools' own.
        if (event.progress.type !== 'hook_progress') line(`  … ${event.toolName} ${JSON.stringify(event.progress)}`);
        break;
      case 'tool-result': {
        const decision = event.decision ? ` [${event.decision.behavior} by ${event.decision.source}${event.decision.rule ? ` rule ${event.decision.rule}` : ''}]` : '';
        line(`← ${event.toolName} ${event.status}${decision}: ${contentText(event.block.content)}`);
        break;
      }
      case 'error':
        line('');
        console.error(`${event.error.code}: ${event.error.message}`);
        failed = true;
        break;
      case 'end':
        line(`[end: ${event.reason}, ${event.turns} turn(s), ${event.usage.inputTokens} input / ${event.usage.outputTokens} output tokens]`);
        // As `codev run`: the model API failed, a hook refused the prompt, or no answer matched the output schema.
        if (FAILED.has(event.reason)) failed = true;
        break;
      // 'turn-start', 'text' (the full block, already streamed as deltas) and 'usage' are not printed.
    }
  }
  return failed ? 1 : 0;
}

function contentText(content: string | readonly { type: string; text?: string }[]): string {
  const text = typeof content === 'string' ? content : content.map((part) => part.text ?? `[${part.type}]`).join('\n');
  const short = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  return short.replace(/\n/g, '\n  ');
}
