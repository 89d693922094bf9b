import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { runTool } from '../src/testing/run-tool.ts';
import { createWebFetchTool, type WebFetchOutput } from '../src/tools/WebFetch/index.ts';
import { htmlToMarkdown } from '../src/tools/WebFetch/html-to-markdown.ts';
import { formatTable } from './agent/format-table.ts';
import { formatRatio } from './harness/format-report.ts';
import type { BenchOptions } from './harness/types.ts';
import { formatMs, measureTimedCase, type TimedBenchmark, type TimedCase, type TimedResult, type TimedRunner } from './local-tools/timed-case.ts';
import { createPlainTurndown, regexStrip } from './web-fetch/baselines.ts';
import { generateArticlePage } from './web-fetch/generate-page.ts';

/** Page sizes (target UTF-8 bytes; a page overshoots by less than one section, ~3 KB) and the runs of each. */
const SIZES = [
  { id: '200k', label: '200 KB', bytes: 200_000, runs: { full: { warmup: 1, measured: 5 }, quick: { warmup: 0, measured: 2 } } },
  { id: '1m', label: '1 MB', bytes: 1_000_000, runs: { full: { warmup: 0, measured: 3 }, quick: { warmup: 0, measured: 1 } } },
  { id: '5m', label: '5 MB', bytes: 5_000_000, runs: { full: { warmup: 0, measured: 1 }, quick: { warmup: 0, measured: 1 } } },
] as const;
type Size = (typeof SIZES)[number];

/** Untimed warm-up of every case on the 200 KB page (JIT, lazy imports of linkedom/readability/turndown). */
const WARM_PAGE_BYTES = 200_000;

interface PageCase extends TimedCase {
  size: Size;
}

const pageBytesCache = new Map<number, number>();
/** The exact byte size of the generated page (the generator is deterministic). */
function pageBytes(target: number): number {
  let bytes = pageBytesCache.get(target);
  if (bytes === undefined) pageBytesCache.set(target, (bytes = Buffer.byteLength(generateArticlePage(target))));
  return bytes;
}

/** Serves the generated pages at `/page-<bytes>.html` on 127.0.0.1 (keep-alive, Content-Length, text/html). */
async function servePages(targets: readonly number[]): Promise<{ url(target: number): string; close(): Promise<void> }> {
  const pages = new Map(targets.map((target) => [`/page-${target}.html`, Buffer.from(generateArticlePage(target))]));
  const server = createServer((request, response) => {
    const body = pages.get(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (target) => `http://127.0.0.1:${port}/page-${target}.html`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The full WebFetch path: runTool (validation, permission check with an allow rule, call), loopback HTTP, conversion, truncation. */
function webFetchCase(size: Size): PageCase {
  return {
    id: `webfetch-${size.id}`,
    label: `codev WebFetch via runTool, ${size.label}`,
    versus: `convert-${size.id}`,
    runs: size.runs,
    size,
    async setup(): Promise<TimedRunner> {
      const server = await servePages([WARM_PAGE_BYTES, size.bytes]);
      const tool = createWebFetchTool({ modelClient: null, cacheTtlMs: 0, env: {} });
      const context = createTestContext({ tools: [tool], allow: ['WebFetch'] });
      let output: WebFetchOutput | undefined;
      const fetchPage = async (target: number) => {
        const { result } = await runTool({ name: 'WebFetch', input: { url: server.url(target), prompt: 'Summarize the article' }, context });
        if (result.status !== 'ok') throw new Error(`WebFetch failed: ${JSON.stringify(result.block.content).slice(0, 300)}`);
        output = result.output as WebFetchOutput;
        if (output.cached || output.promptApplied || output.bytes !== pageBytes(target)) throw new Error(`unexpected WebFetch output: cached ${output.cached}, promptApplied ${output.promptApplied}, ${output.bytes} bytes`);
      };
      await fetchPage(WARM_PAGE_BYTES);
      return {
        run: () => fetchPage(size.bytes),
        async teardown() {
          await server.close();
          rmSync(path.dirname(context.sessionDirectory), { recursive: true, force: true });
        },
        get notes() {
          return output ? [`${output.bytes.toLocaleString('en-US')} bytes fetched, result ${output.result.length.toLocaleString('en-US')} chars (truncated to 100,000: ${output.truncated})`] : [];
        },
      };
    },
  };
}

/** A synchronous converter timed on the page string (already in memory, no HTTP). */
function convertCase(options: { id: string; label: string; size: Size; versus?: string; convert(html: string): string }): PageCase {
  return {
    id: `${options.id}-${options.size.id}`,
    label: `${options.label}, ${options.size.label}`,
    versus: options.versus ?? `convert-${options.size.id}`,
    runs: options.size.runs,
    size: options.size,
    async setup() {
      options.convert(generateArticlePage(WARM_PAGE_BYTES));
      const html = generateArticlePage(options.size.bytes);
      let chars = 0;
      return {
        run: async () => void (chars = options.convert(html).length),
        get notes() {
          return [`${chars.toLocaleString('en-US')} chars of output`];
        },
      };
    },
  };
}

const PAGE_URL = 'http://127.0.0.1:8080/articles/benchmark';

function casesFor(size: Size): PageCase[] {
  let plainTurndown: ((html: string) => string) | undefined;
  return [
    webFetchCase(size),
    convertCase({ id: 'convert', label: 'codev htmlToMarkdown (linkedom + readability + turndown)', size, convert: (html) => htmlToMarkdown(html, PAGE_URL).markdown }),
    convertCase({ id: 'turndown', label: 'baseline: turndown on the whole document', size, convert: (html) => (plainTurndown ??= createPlainTurndown())(html) }),
    convertCase({ id: 'regex', label: 'baseline: regex tag strip', size, convert: regexStrip }),
  ];
}

const CASES = SIZES.flatMap(casesFor);

/** MB/s = the page's bytes (10^6) / the median seconds of one run. */
function formatReport(benchmark: TimedBenchmark, results: readonly TimedResult[]): string {
  const byId = new Map(results.map((result) => [result.id, result]));
  const header = ['case', 'runs', 'ms/page (median)', 'runs min–max', 'MB/s', 'peak RSS MB', 'ratio vs codev htmlToMarkdown'];
  const rows = results.map((result) => {
    const benchCase = CASES.find((candidate) => candidate.id === result.id)!;
    const reference = byId.get(result.versus ?? benchmark.reference);
    const mbPerS = pageBytes(benchCase.size.bytes) / 1e6 / (result.ms / 1000);
    return [
      result.label,
      String(result.runs),
      formatMs(result.ms),
      `${formatMs(Math.min(...result.samples))}–${formatMs(Math.max(...result.samples))}`,
      mbPerS >= 100 ? mbPerS.toFixed(0) : mbPerS.toPrecision(3),
      result.peakRssMb.toFixed(0),
      reference ? `${formatRatio(result.ms / reference.ms)}${result === reference ? ' (ref)' : ''}` : '',
    ];
  });
  const lines = [`## ${benchmark.title}`, '', ...benchmark.methods.map((method) => `- ${method}`), '', ...formatTable([header, ...rows])];
  const notes = results.flatMap((result) => result.notes.map((note) => `- ${result.label}: ${note}`));
  if (notes.length > 0) lines.push('', ...notes);
  return `${lines.join('\n')}\n`;
}

/** WebFetch's HTML → Markdown throughput on large generated article pages, against turndown alone and a regex strip. */
export const benchmark: TimedBenchmark = {
  id: 'web-fetch-markdown',
  title: 'WebFetch HTML → Markdown throughput on large pages',
  reference: 'convert-200k',
  methods: [
    `Pages: generated articles of ${SIZES.map((size) => `${pageBytes(size.bytes).toLocaleString('en-US')}`).join(', ')} bytes (head with style + script, a 40-link nav, repeated sections of h2/h3, paragraphs with links, emphasis and inline code, a figure with an image, a list, a 6-row table, a code block, a blockquote; a 20-link aside and a footer).`,
    'codev WebFetch: `runTool` with `createWebFetchTool({ modelClient: null, cacheTtlMs: 0, env: {} })` in a test context with the allow rule `WebFetch`, fetching the page from a node:http server on 127.0.0.1 (no model, no cache, no Jina); the result is the Markdown cut to 100,000 chars.',
    'codev htmlToMarkdown: the converter WebFetch calls (html-to-markdown.ts: linkedom parse, URL rewriting, readability, turndown of the article), on the page string in memory.',
    "Baselines on the same string: turndown with codev's options and dropped tags on the whole document (no linkedom, no readability), and a regex tag strip.",
    `Every case first converts (or fetches) the ${WARM_PAGE_BYTES / 1000} KB page once, untimed. Runs per size (full / --quick): ${SIZES.map((size) => `${size.label} ${size.runs.full.warmup}+${size.runs.full.measured} / ${size.runs.quick.warmup}+${size.runs.quick.measured}`).join(', ')} (warm-up + measured). MB/s = page bytes / 10⁶ / median seconds. Ratios are against codev htmlToMarkdown on the same page.`,
  ],
  cases: CASES,
  measureCase: (benchCase: TimedCase, options: BenchOptions) => measureTimedCase(benchCase, options),
  formatReport,
};
