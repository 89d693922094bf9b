import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mapBounded } from '../src/files/map-bounded.ts';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { createFakeAmapServer, type FakeAmapServer } from '../src/testing/fake-map-servers/index.ts';
import { runTool } from '../src/testing/run-tool.ts';
import { createLocationTool } from '../src/tools/Location/index.ts';
import { AMAP_MAX_RESULTS, AMAP_PAGE_CONCURRENCY, AMAP_PAGE_SIZE } from '../src/tools/Location/limits.ts';
import type { SearchPlacesOutput } from '../src/tools/Location/types.ts';
import { formatTimedReport, measureTimedCase, type TimedBenchmark, type TimedCase, type TimedResult } from './local-tools/timed-case.ts';

/** Latency the proxy adds to every request before forwarding it (a remote API's round trip). */
const LATENCY_MS = 80;
const KEY = 'bench-amap-key';
const POI_COUNT = 1000;
const PAGES = AMAP_MAX_RESULTS / AMAP_PAGE_SIZE;
/** The search: coordinates (so no geocode request) in Beijing, forced to Amap. */
const CENTER = '39.9087,116.3975';
const QUERY = '咖啡';
const RADIUS = 5000;
const RUNS = { full: { warmup: 1, measured: 5 }, quick: { warmup: 1, measured: 3 } };

/** The fake Amap server behind a proxy that waits LATENCY_MS, then forwards the request and relays the answer. */
async function startSlowAmap(): Promise<{ url: string; fake: FakeAmapServer; close(): Promise<void> }> {
  const fake = await createFakeAmapServer({ keys: [KEY], poiCount: POI_COUNT });
  const proxy = createServer((request, response) => {
    setTimeout(async () => {
      try {
        const upstream = await fetch(fake.url + (request.url ?? '/'));
        const body = Buffer.from(await upstream.arrayBuffer());
        response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json', 'content-length': String(body.length) });
        response.end(body);
      } catch (error) {
        response.writeHead(502).end(String(error));
      }
    }, LATENCY_MS);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fake,
    async close() {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
      await fake.close();
    },
  };
}

/** The URL of page `page`, with the parameters amapSearchPlaces sends for a nearby search (amap.ts). */
function pageUrl(base: string, page: number): string {
  const [lat, lng] = CENTER.split(',');
  const params = new URLSearchParams({ key: KEY, location: `${lng},${lat}`, keywords: QUERY, radius: String(RADIUS), sortrule: 'distance', offset: String(AMAP_PAGE_SIZE), extensions: 'all', page: String(page) });
  return `${base}/v3/place/around?${params}`;
}

async function fetchPage(base: string, page: number): Promise<number> {
  const response = await fetch(pageUrl(base, page));
  const body = (await response.json()) as { status?: string; pois?: unknown[] };
  if (body.status !== '1') throw new Error(`page ${page}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.pois?.length ?? 0;
}

const pagesAfterFirst = Array.from({ length: PAGES - 1 }, (_, index) => index + 2);
const allPages = Array.from({ length: PAGES }, (_, index) => index + 1);

/** A case whose run is one whole 200-result search; the note checks the request count and the places. */
function searchCase(options: { id: string; label: string; roundTrips: number; search(base: string): Promise<number> }): TimedCase {
  return {
    id: options.id,
    label: options.label,
    runs: RUNS,
    async setup() {
      const server = await startSlowAmap();
      let places = 0;
      let requests = 0;
      const run = async () => {
        const before = server.fake.requests.length;
        places = await options.search(server.url);
        requests = server.fake.requests.length - before;
        if (places !== AMAP_MAX_RESULTS || requests !== PAGES) throw new Error(`${options.id}: ${places} places in ${requests} requests`);
      };
      return {
        run,
        teardown: () => server.close(),
        get notes() {
          return [`${requests} requests, ${places} places; ${options.roundTrips} round trip${options.roundTrips === 1 ? '' : 's'} × ${LATENCY_MS} ms = ${options.roundTrips * LATENCY_MS} ms of latency`];
        },
      };
    },
  };
}

/** codev: Location `search_places` through runTool — page 1 for the total, then pages 2–8 at most AMAP_PAGE_CONCURRENCY at once. */
const toolCase: TimedCase = {
  id: 'tool',
  label: `codev Location search_places (page 1, then ${AMAP_PAGE_CONCURRENCY} at a time)`,
  runs: RUNS,
  async setup() {
    const server = await startSlowAmap();
    const tool = createLocationTool({ env: { AMAP_API_KEY: KEY, AMAP_BASE_URL: server.url }, sleep: async () => {} });
    const context = createTestContext({ tools: [tool] });
    let output: SearchPlacesOutput | undefined;
    let requests = 0;
    const run = async () => {
      const before = server.fake.requests.length;
      const { result } = await runTool({ name: 'Location', input: { action: 'search_places', location: CENTER, query: QUERY, radius: RADIUS, region: 'cn' }, context });
      if (result.status !== 'ok') throw new Error(`Location failed: ${JSON.stringify(result.block.content).slice(0, 300)}`);
      output = result.output as SearchPlacesOutput;
      requests = server.fake.requests.length - before;
      if (output.places.length !== AMAP_MAX_RESULTS || requests !== PAGES) throw new Error(`tool: ${output.places.length} places in ${requests} requests`);
    };
    const roundTrips = 1 + Math.ceil((PAGES - 1) / AMAP_PAGE_CONCURRENCY);
    return {
      run,
      async teardown() {
        await server.close();
        rmSync(path.dirname(context.sessionDirectory), { recursive: true, force: true });
      },
      get notes() {
        return output ? [`${requests} requests, ${output.places.length} places (${output.totalReported} reported, ${output.pages} pages); ${roundTrips} round trips × ${LATENCY_MS} ms = ${roundTrips * LATENCY_MS} ms of latency`] : [];
      },
    };
  },
};

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

/** Amap paging: the Location tool against the same fetches made sequentially, bounded, and all at once. */
export const benchmark: TimedBenchmark = {
  id: 'amap-pagination',
  title: `Amap search_places: ${AMAP_MAX_RESULTS} results (${PAGES} pages) at ${LATENCY_MS} ms per request`,
  reference: 'tool',
  methods: [
    `Server: the fake Amap of codev/testing (\`createFakeAmapServer({ poiCount: ${POI_COUNT} })\`, so every search matches ${POI_COUNT} and Amap's ${AMAP_MAX_RESULTS}-row window applies) behind a node:http proxy on 127.0.0.1 that waits ${LATENCY_MS} ms before forwarding each request (the fake has no latency option). Concurrent requests wait concurrently (no QPS limit).`,
    `codev: \`runTool\` of \`createLocationTool({ env: { AMAP_API_KEY, AMAP_BASE_URL: proxy } })\` with \`{ action: 'search_places', location: '${CENTER}', query: '${QUERY}', region: 'cn' }\`: coordinates, so no geocode request; page 1 gives the total, then pages 2–${PAGES} with at most AMAP_PAGE_CONCURRENCY = ${AMAP_PAGE_CONCURRENCY} in flight (a constant in limits.ts, not an option).`,
    `Baselines: the same ${PAGES} \`/v3/place/around\` URLs (the tool's parameters, ${AMAP_PAGE_SIZE} a page) fetched with \`fetch\` in the bench and parsed as JSON: one after another; page 1 then ${AMAP_PAGE_CONCURRENCY} at a time (the tool's schedule without the tool); page 1 then the other ${PAGES - 1} at once; all ${PAGES} at once (needs the total in advance, which Amap only gives in page 1's answer).`,
    `Each run is one whole search and must make exactly ${PAGES} requests and return ${AMAP_MAX_RESULTS} places. ${RUNS.full.warmup} warm-up + ${RUNS.full.measured} measured runs (${RUNS.quick.warmup} + ${RUNS.quick.measured} with --quick); the median.`,
  ],
  cases: [
    toolCase,
    searchCase({ id: 'sequential', label: `baseline: ${PAGES} fetches one after another`, roundTrips: PAGES, search: async (base) => {
      let places = 0;
      for (const page of allPages) places += await fetchPage(base, page);
      return places;
    } }),
    searchCase({ id: 'bounded', label: `baseline: page 1, then ${AMAP_PAGE_CONCURRENCY} at a time (fetch)`, roundTrips: 1 + Math.ceil((PAGES - 1) / AMAP_PAGE_CONCURRENCY), search: async (base) => (await fetchPage(base, 1)) + sum(await mapBounded(pagesAfterFirst, AMAP_PAGE_CONCURRENCY, (page) => fetchPage(base, page))) }),
    searchCase({ id: 'first-then-all', label: `baseline: page 1, then ${PAGES - 1} at once`, roundTrips: 2, search: async (base) => (await fetchPage(base, 1)) + sum(await Promise.all(pagesAfterFirst.map((page) => fetchPage(base, page)))) }),
    searchCase({ id: 'parallel', label: `baseline: all ${PAGES} at once`, roundTrips: 1, search: async (base) => sum(await Promise.all(allPages.map((page) => fetchPage(base, page)))) }),
  ],
  measureCase: measureTimedCase,
  formatReport: formatTimedReport,
  summarize(results: readonly TimedResult[]) {
    const byId = new Map(results.map((result) => [result.id, result.ms]));
    const tool = byId.get('tool');
    const sequential = byId.get('sequential');
    const lines: string[] = [];
    if (tool && sequential) lines.push(`The tool's bounded paging takes ${Math.round(tool)} ms against ${Math.round(sequential)} ms sequentially: ${(sequential / tool).toFixed(2)}× faster.`);
    const bounded = byId.get('bounded');
    if (tool && bounded) lines.push(`Against the same schedule done with bare fetch, the tool differs by ${Math.round(tool - bounded)} ms per search (${Math.round(tool)} vs ${Math.round(bounded)} ms).`);
    return lines;
  },
};
