import { rmSync } from 'node:fs';
import { z } from 'zod';
import { buildTool, type Tool } from '../src/index.ts';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { createSearchIndex, searchTools, toolSearchTool, toSearchEntry } from '../src/tools/ToolSearch/index.ts';
import { formatMicros, formatRatio } from './harness/format-report.ts';
import { median } from './harness/measure-case.ts';
import type { Benchmark, BenchCase, CaseResult, CaseRunner } from './harness/types.ts';
import { generateTools, type GeneratedTool } from './tool-search/generate-tools.ts';
import { QUERIES } from './tool-search/queries.ts';

const TOP_K = 5;
/** Timed repetitions of each query for the per-query latency notes (median per query, then median and p95 over queries). */
const REPS_PER_QUERY = { full: 50, quick: 10 } as const;

/** One way of answering a query: the names, best first. */
type Search = (query: string) => Promise<string[]> | string[];

/** Naive baseline: rank names by how many query words they contain as substrings (ties in pool order). */
function substringSearch(tools: readonly GeneratedTool[]): Search {
  const names = tools.map((tool) => tool.name.toLowerCase());
  return (query) => {
    const terms = query.toLowerCase().replace(/^select:/, '').split(/[\s,]+/).map((term) => term.replace(/^\+/, '')).filter(Boolean);
    const scored: { index: number; score: number }[] = [];
    names.forEach((name, index) => {
      let score = 0;
      for (const term of terms) if (name.includes(term)) score++;
      if (score > 0) scored.push({ index, score });
    });
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, TOP_K).map((match) => tools[match.index]!.name);
  };
}

/** recall@5 (found expected / min(expected, 5)) and MRR (1 / rank of the first expected hit, 0 if none), averaged. */
async function evaluate(search: Search): Promise<{ recall: number; mrr: number; misses: string[] }> {
  let recall = 0;
  let mrr = 0;
  const misses: string[] = [];
  for (const labelled of QUERIES) {
    const top = (await search(labelled.query)).slice(0, TOP_K);
    const found = labelled.expected.filter((name) => top.includes(name)).length;
    recall += found / Math.min(labelled.expected.length, TOP_K);
    const rank = top.findIndex((name) => labelled.expected.includes(name));
    mrr += rank === -1 ? 0 : 1 / (rank + 1);
    if (found < Math.min(labelled.expected.length, TOP_K)) misses.push(labelled.query);
  }
  return { recall: recall / QUERIES.length, mrr: mrr / QUERIES.length, misses };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** A case: build its search once (untimed), score it on the labelled set, then time whole passes over the queries. */
function searchCase(options: { id: string; label: string; prepare: (tools: readonly GeneratedTool[]) => Promise<{ search: Search; teardown?: () => void; note?: string }> }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup({ quick }): Promise<CaseRunner> {
      const generated = generateTools();
      const preparedAt = performance.now();
      const { search, teardown, note } = await options.prepare(generated);
      const prepareMs = performance.now() - preparedAt;
      const names = new Set(generated.map((tool) => tool.name));
      for (const labelled of QUERIES) for (const name of labelled.expected) if (!names.has(name)) throw new Error(`Query "${labelled.query}" expects ${name}, which is not generated`);
      const quality = await evaluate(search);
      const reps = quick ? REPS_PER_QUERY.quick : REPS_PER_QUERY.full;
      const perQuery: number[] = [];
      for (const labelled of QUERIES) {
        const samples: number[] = [];
        for (let rep = 0; rep < reps; rep++) {
          const startedAt = performance.now();
          await search(labelled.query);
          samples.push((performance.now() - startedAt) * 1000);
        }
        perQuery.push(median(samples));
      }
      return {
        ops: QUERIES.length,
        async round() {
          const startedAt = performance.now();
          for (const labelled of QUERIES) await search(labelled.query);
          return ((performance.now() - startedAt) * 1000) / QUERIES.length;
        },
        teardown,
        notes: [
          `recall@${TOP_K} ${quality.recall.toFixed(3)}, MRR ${quality.mrr.toFixed(3)} over ${QUERIES.length} labelled queries${quality.misses.length ? `; missed: ${quality.misses.map((query) => `"${query}"`).join(', ')}` : ''}`,
          `per-query latency (median of ${reps} runs each): median ${formatMicros(median(perQuery))} µs, p95 ${formatMicros(percentile(perQuery, 0.95))} µs, max ${formatMicros(Math.max(...perQuery))} µs`,
          `setup ${prepareMs.toFixed(0)} ms${note ? ` (${note})` : ''}`,
        ],
      };
    },
  };
}

function buildTools(generated: readonly GeneratedTool[]): Tool[] {
  return generated.map((tool) =>
    buildTool({ name: tool.name, description: tool.description, searchHint: tool.searchHint, isMcp: true, inputSchema: z.looseObject({}), inputJSONSchema: { type: 'object', properties: {} }, call: async () => ({ data: 'ok' }) }),
  );
}

const recallOf = (result: CaseResult | undefined) => Number(result?.notes[0]?.match(/recall@\d+ ([0-9.]+)/)?.[1] ?? NaN);
const mrrOf = (result: CaseResult | undefined) => Number(result?.notes[0]?.match(/MRR ([0-9.]+)/)?.[1] ?? NaN);

/**
 * ToolSearch over 10,000 deferred MCP-style tools (50 servers × 200): latency per query and search quality
 * (recall@5, MRR) on a labelled query set, against a naive substring match on names.
 */
export const benchmark: Benchmark = {
  id: 'tool-search',
  title: 'ToolSearch: 10,000 deferred MCP-style tools, per query',
  reference: 'codev',
  methods: [
    'Tools: 50 MCP-style servers × 200 generated tools (`mcp__<server>__<verb>_<resource>` in snake, camel or kebab style), one-sentence descriptions, search hints of synonyms on each server\'s own resources (bench/tool-search/generate-tools.ts).',
    `Queries: ${QUERIES.length} labelled queries (bench/tool-search/queries.ts): keywords, synonyms, select:, exact names, +required terms, mcp__ prefixes. One op = one query; a round runs every query once.`,
    '"codev ToolSearch call" is the whole tool call (`toolSearchTool.call` with the 10,000-tool pool as `context.tools`: deferral filter, cached search entries, scoring, session update); "searchTools" is the scorer alone over prebuilt entries.',
    'Quality: recall@5 = expected names in the top 5 / min(expected, 5); MRR = 1 / rank of the first expected name (0 outside the top 5); both averaged over the queries.',
  ],
  cases: [
    searchCase({
      id: 'codev',
      label: 'codev ToolSearch call',
      async prepare(generated) {
        const tools = [toolSearchTool as Tool, ...buildTools(generated)];
        const context = createTestContext({ tools });
        const callContext = { ...context, toolUseId: 'toolu_bench', onProgress: () => {}, canUseTool: () => ({ behavior: 'deny' as const, message: 'bench' }) };
        // The first call reads every description (cached per tool) and builds the index parts a keyword search reads.
        const firstAt = performance.now();
        const firstCpu = process.cpuUsage();
        await toolSearchTool.call({ query: 'warm up' }, callContext);
        const firstMs = performance.now() - firstAt;
        const cpu = process.cpuUsage(firstCpu);
        return {
          search: async (query) => (await toolSearchTool.call({ query, max_results: TOP_K }, callContext)).data.matches,
          teardown: () => rmSync(context.cwd, { recursive: true, force: true }),
          note: `buildTool × 10,000 and the first call; the first call alone: ${firstMs.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
        };
      },
    }),
    searchCase({
      id: 'search-tools',
      label: 'codev searchTools (prebuilt entries)',
      async prepare(generated) {
        const index = createSearchIndex(generated.map((tool) => toSearchEntry(tool)));
        return { search: (query) => (query.startsWith('select:') ? query.slice(7).split(',').filter((name) => index.byName.has(name.toLowerCase())) : searchTools({ query, index, maxResults: TOP_K })), note: 'toSearchEntry × 10,000 and createSearchIndex' };
      },
    }),
    searchCase({ id: 'substring', label: 'baseline: substring match on names', prepare: async (generated) => ({ search: substringSearch(generated) }) }),
  ],
  summarize(results) {
    const codev = results.find((result) => result.id === 'codev');
    const scorer = results.find((result) => result.id === 'search-tools');
    const baseline = results.find((result) => result.id === 'substring');
    const lines: string[] = [];
    if (codev) lines.push(`codev: ${formatMicros(codev.usPerOp)} µs per ToolSearch call over 10,000 tools, recall@5 ${recallOf(codev).toFixed(3)}, MRR ${mrrOf(codev).toFixed(3)}.`);
    if (codev && scorer) lines.push(`The scorer alone is ${formatRatio(scorer.usPerOp / codev.usPerOp)} of the call; the rest is the call around it (the cached index of the pool, the session update, the matches' descriptions).`);
    if (codev && baseline) lines.push(`Against the substring baseline: ${formatRatio(codev.usPerOp / baseline.usPerOp)} its latency, recall@5 ${recallOf(codev).toFixed(3)} vs ${recallOf(baseline).toFixed(3)} (${formatRatio(recallOf(codev) / recallOf(baseline))}), MRR ${mrrOf(codev).toFixed(3)} vs ${mrrOf(baseline).toFixed(3)}.`);
    return lines;
  },
};
