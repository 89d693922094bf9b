import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { createAgent, type AgentEvent } from '../src/index.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeReply } from '../src/testing/index.ts';
import { formatTable } from './agent/format-table.ts';
import type { CustomBenchmark } from './agent/types.ts';
import type { BenchOptions } from './harness/types.ts';

const QUERIES = { full: { warmup: 30, measured: 200, rounds: 5 }, quick: { warmup: 10, measured: 40, rounds: 3 } } as const;
const ANSWER = { title: 'codev', score: 9, tags: ['agents', 'tools'] };
const verdict = z.object({ title: z.string().min(3), score: z.number().int().max(10), tags: z.array(z.string()) });

interface OutputCase {
  id: string;
  label: string;
  outputSchema: boolean;
  /** The replies of one query, in order. */
  replies: readonly FakeReply[];
}

interface OutputResult {
  id: string;
  label: string;
  /** Median over the rounds of one round's time divided by its queries, in µs. */
  usPerQuery: number;
  requestsPerQuery: number;
  /** The fake server's count of the first request's input tokens (the StructuredOutput tool's schema is part of it). */
  firstRequestInputTokens: number;
  /** What one query cost by codev's price table (claude-sonnet-4-6), from its end event. */
  costUsd: number;
}

async function measure(benchCase: OutputCase, options: BenchOptions): Promise<OutputResult> {
  const plan = options.quick ? QUERIES.quick : QUERIES.full;
  let next = 0;
  const server = await createFakeMessagesServer({ script: () => benchCase.replies[next++ % benchCase.replies.length]! });
  const query = async () => {
    next = 0;
    const agent = createAgent({ tools: [], apiKey: 'sk-bench', baseURL: server.url, maxRetries: 0, ...(benchCase.outputSchema && { outputSchema: verdict }) });
    let end: AgentEvent | undefined;
    for await (const event of agent.query('Rate this project.')) if (event.type === 'end') end = event;
    await agent.close();
    const output = end?.type === 'end' ? (benchCase.outputSchema ? end.output : JSON.parse((end.messages.at(-1)!.content as { text: string }[])[0]!.text)) : undefined;
    if (JSON.stringify(output) !== JSON.stringify(ANSWER)) throw new Error(`${benchCase.id}: the query ended without the answer (${JSON.stringify(end?.type === 'end' ? end.reason : end)})`);
  };
  try {
    for (let index = 0; index < plan.warmup; index++) await query();
    const rounds: number[] = [];
    for (let round = 0; round < plan.rounds; round++) {
      (globalThis as { gc?: () => void }).gc?.();
      const before = server.requests.length;
      const start = performance.now();
      for (let index = 0; index < plan.measured; index++) await query();
      rounds.push(((performance.now() - start) * 1000) / plan.measured);
      if (server.requests.length - before !== plan.measured * benchCase.replies.length) throw new Error(`${benchCase.id}: unexpected request count`);
    }
    next = 0;
    const accounts = await queryAccounts(server.url, benchCase);
    return { id: benchCase.id, label: benchCase.label, usPerQuery: rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!, requestsPerQuery: benchCase.replies.length, ...accounts };
  } finally {
    await server.close();
  }
}

/** One more query, for the input tokens the fake server counted for its first request and the query's cost. */
async function queryAccounts(url: string, benchCase: OutputCase): Promise<{ firstRequestInputTokens: number; costUsd: number }> {
  const agent = createAgent({ tools: [], apiKey: 'sk-bench', baseURL: url, maxRetries: 0, ...(benchCase.outputSchema && { outputSchema: verdict }) });
  let firstRequestInputTokens = 0;
  let costUsd = 0;
  for await (const event of agent.query('Rate this project.')) {
    if (event.type === 'usage' && firstRequestInputTokens === 0) firstRequestInputTokens = event.usage.inputTokens;
    if (event.type === 'end') costUsd = event.costUsd ?? Number.NaN;
  }
  await agent.close();
  return { firstRequestInputTokens, costUsd };
}

/**
 * A query whose final answer is validated by an output schema (right away, and after one retry), next to
 * a plain query that answers with the same JSON as text, against the fake Messages server.
 */
export const benchmark: CustomBenchmark<OutputCase, OutputResult> = {
  id: 'structured-output',
  title: 'Structured output: a validated answer, and one retry, against a plain query',
  reference: 'plain',
  methods: [
    `Each query is a fresh standalone agent (no tools, no session on disk) against the fake Messages server on loopback: createAgent, query to its end, close. ${QUERIES.full.measured} queries per round (${QUERIES.quick.measured} with --quick), ${QUERIES.full.rounds} rounds after ${QUERIES.full.warmup} warm-up queries; the median round's µs per query.`,
    'plain: no outputSchema; the model answers with the JSON as text. structured: `outputSchema` (zod, 3 fields with checks); the model calls StructuredOutput with a valid answer. retry: its first call breaks two checks, the issues go back as the call\'s error result, the second call is valid.',
    'Every query checks that it ended with the expected answer. Input tokens are the fake server\'s estimate (a token per 4 characters of the request), for the first request of a query; USD is the query\'s `costUsd` (end event) at claude-sonnet-4-6\'s list price.',
  ],
  cases: [
    { id: 'plain', label: 'plain query (JSON as text)', outputSchema: false, replies: [textReply(JSON.stringify(ANSWER))] },
    { id: 'structured', label: 'outputSchema, valid at once', outputSchema: true, replies: [toolUseReply('StructuredOutput', ANSWER)] },
    { id: 'retry', label: 'outputSchema, one retry', outputSchema: true, replies: [toolUseReply('StructuredOutput', { ...ANSWER, title: 'cd', score: 12 }), toolUseReply('StructuredOutput', ANSWER)] },
  ],
  measureCase: measure,
  formatReport(self, results) {
    const reference = results.find((result) => result.id === self.reference);
    const header = ['case', 'µs/query (median)', 'requests/query', 'input tokens, 1st request', 'USD/query', 'time vs plain', 'cost vs plain'];
    const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}×` : '');
    const rows = results.map((result) => [result.label, result.usPerQuery.toFixed(0), String(result.requestsPerQuery), String(result.firstRequestInputTokens), `$${result.costUsd.toFixed(6)}`, ratio(result.usPerQuery, reference?.usPerQuery), ratio(result.costUsd, reference?.costUsd)]);
    return `${[`## ${self.title}`, '', ...self.methods.map((method) => `- ${method}`), '', ...formatTable([header, ...rows])].join('\n')}\n`;
  },
};
