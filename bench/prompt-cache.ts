import { z } from 'zod';
import { buildTool, createAgent, type Usage } from '../src/index.ts';
import { createFakeMessagesServer, textReply, toolUseReply } from '../src/testing/index.ts';
import { formatTable } from './agent/format-table.ts';
import type { CustomBenchmark } from './agent/types.ts';
import type { BenchOptions } from './harness/types.ts';

const TURNS = { full: 50, quick: 10 } as const;
/** What the API bills per token of each kind, relative to plain input (5-minute cache writes cost 1.25×, reads 0.1×). */
const PRICE = { input: 1, write: 1.25, read: 0.1 } as const;

interface CacheCase {
  id: string;
  label: string;
  promptCaching: boolean;
}

interface CacheResult {
  id: string;
  label: string;
  turns: number;
  /** Sums over the conversation's requests. */
  input: number;
  written: number;
  read: number;
  /** Input tokens billed as plain input: input + 1.25 × written + 0.1 × read. */
  billed: number;
  /** The same for the last request alone. */
  lastBilled: number;
}

/** A file-reading tool whose every result is about 600 tokens. */
const readPage = buildTool({
  name: 'ReadPage',
  description: 'Reads one page of the manual',
  inputSchema: z.object({ page: z.number() }),
  isReadOnly: () => true,
  async call({ page }) {
    return { data: Array.from({ length: 40 }, (_, line) => `page ${page}, line ${line}: the quick brown fox jumps over the lazy dog`).join('\n') };
  },
});

async function measure(benchCase: CacheCase, options: BenchOptions): Promise<CacheResult> {
  const turns = options.quick ? TURNS.quick : TURNS.full;
  let calls = 0;
  const server = await createFakeMessagesServer({ promptCache: true, script: () => (calls < turns ? toolUseReply('ReadPage', { page: ++calls }) : textReply('done')) });
  try {
    const agent = createAgent({
      tools: [readPage],
      apiKey: 'sk-bench',
      baseURL: server.url,
      maxRetries: 0,
      maxTurns: turns + 1,
      canUseTool: () => ({ behavior: 'allow' }),
      system: `You read manuals.\n${'Follow the house style for every answer. '.repeat(150)}`,
      promptCaching: benchCase.promptCaching,
    });
    const usages: Usage[] = [];
    for await (const event of agent.query('Read the manual, one page per turn, then say done.')) if (event.type === 'usage') usages.push(event.usage);
    await agent.close();
    if (usages.length !== turns + 1) throw new Error(`${usages.length} requests, expected ${turns + 1}`);
    const billed = (usage: Usage) => usage.inputTokens * PRICE.input + usage.cacheCreationInputTokens * PRICE.write + usage.cacheReadInputTokens * PRICE.read;
    return {
      id: benchCase.id,
      label: benchCase.label,
      turns: usages.length,
      input: usages.reduce((sum, usage) => sum + usage.inputTokens, 0),
      written: usages.reduce((sum, usage) => sum + usage.cacheCreationInputTokens, 0),
      read: usages.reduce((sum, usage) => sum + usage.cacheReadInputTokens, 0),
      billed: usages.reduce((sum, usage) => sum + billed(usage), 0),
      lastBilled: billed(usages.at(-1)!),
    };
  } finally {
    await server.close();
  }
}

/**
 * Billed input tokens of a conversation with and without the conversation's cache breakpoint, against the
 * fake Messages server's prompt cache (which counts tokens as the fake does: a token per four characters).
 */
export const benchmark: CustomBenchmark<CacheCase, CacheResult> = {
  id: 'prompt-cache',
  title: 'Prompt caching: input tokens billed over a conversation',
  reference: 'cached',
  methods: [
    `One query of ${TURNS.full} turns (${TURNS.quick} with --quick), each a ReadPage call returning ~600 tokens, then a final text; a ~1,500-token system prompt; the fake Messages server of codev/testing with \`promptCache: true\` (prefixes of 1,024 tokens and more are cached, reads within 20 blocks of a breakpoint, as the API does).`,
    `Billed input = input + ${PRICE.write} × cache writes + ${PRICE.read} × cache reads (the API's prices for 5-minute writes and reads, relative to plain input).`,
    'cached: codev as it ships (the top-level `cache_control`: a breakpoint on the last block of every request). uncached: `promptCaching: false`, the breakpoint after the built-in tools only (there are none here).',
  ],
  cases: [
    { id: 'cached', label: 'codev (breakpoint on the conversation each request)', promptCaching: true },
    { id: 'uncached', label: 'codev with promptCaching: false', promptCaching: false },
  ],
  measureCase: measure,
  formatReport(self, results) {
    const reference = results.find((result) => result.id === self.reference);
    const number = (value: number) => Math.round(value).toLocaleString('en-US');
    const header = ['case', 'requests', 'input', 'cache writes', 'cache reads', 'billed input', 'billed, last request', 'billed vs cached'];
    const rows = results.map((result) => [result.label, String(result.turns), number(result.input), number(result.written), number(result.read), number(result.billed), number(result.lastBilled), reference ? `${(result.billed / reference.billed).toFixed(2)}×` : '']);
    const lines = [`## ${self.title}`, '', ...self.methods.map((method) => `- ${method}`), '', ...formatTable([header, ...rows])];
    const uncached = results.find((result) => result.id === 'uncached');
    if (reference && uncached) lines.push('', `Caching the conversation bills ${(100 * (1 - reference.billed / uncached.billed)).toFixed(0)} % fewer input tokens over the conversation (${number(reference.billed)} against ${number(uncached.billed)}).`);
    return `${lines.join('\n')}\n`;
  },
};
