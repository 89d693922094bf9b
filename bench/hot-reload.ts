/**
 * Hot reload: (a) latency from a plugin file save to the new generation being live, and (b) memory over
 * hundreds of reloads of a plugin whose content changes every time (does re-importing leak modules?).
 *
 *   node --expose-gc bench/run.mjs hot-reload        (once `hot-reload` is in run.mjs's BENCHMARKS)
 *   node --expose-gc node_modules/jiti/lib/jiti-cli.mjs bench/hot-reload.ts [--quick]
 *
 * Without `--expose-gc` the memory figures are taken without a forced collection and are not judged.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKernel } from '../src/index.ts';
import type { Kernel } from '../src/kernel/types.ts';
import { createTempProject, type TempProject } from '../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../src/plugins/test-fixtures/plugin-sources.ts';
import type { CustomBenchmark } from './agent/types.ts';
import type { BenchOptions } from './harness/types.ts';

/** Plugins in the project besides the edited one (the main case): a reload re-imports only the changed file. */
const OTHER_PLUGINS = 10;
/** The larger projects of the latency-only cases: save → live must not grow with the plugin folder. */
const LARGE_PROJECTS = [100, 500] as const;
/**
 * Heap growth per 100 reloads below which the run is called flat. Calibration: keeping every retired
 * generation alive (its plugin module, tool and zod schema) measured about +2.6 MB per 100 reloads here.
 */
const FLAT_HEAP_BYTES_PER_100 = 0.25 * 1024 * 1024;
const SIZES = {
  full: { saves: 50, reloads: 500, checkpoints: [0, 100, 250, 500] },
  quick: { saves: 15, reloads: 100, checkpoints: [0, 25, 50, 100] },
} as const;

interface HotReloadCase {
  id: string;
  label: string;
  /** Plugin files in the project, the edited one included. */
  plugins: number;
  /** The main case also measures a full `kernel.reload()` and memory; the large ones only save → live. */
  full: boolean;
}

/** The measured report lines (the result crosses from the case's process to run.mjs as JSON). */
interface HotReloadResult extends HotReloadCase {
  lines: string[];
}

/** For `bench/run.mjs`: one case, measured in its own process, printed as two tables. */
export const benchmark: CustomBenchmark<HotReloadCase, HotReloadResult> = {
  id: 'hot-reload',
  title: 'Hot reload: file save → new generation live, and memory over repeated reloads',
  reference: 'codev',
  methods: [
    `A project of ${OTHER_PLUGINS + 1} plugin files (each one zod tool) and a codev.config.json; one plugin is rewritten with new content every time, through \`fs.writeFile\`, and the time runs until the kernel's \`reload\` event.`,
    `The ${LARGE_PROJECTS.join(' and ')}-plugin cases measure save → live only (a full reload would re-import every plugin): a save must not cost more because the plugin folder is large.`,
    `Latency: ${SIZES.full.saves} saves (${SIZES.quick.saves} with --quick) after 3 warm-up saves, one at a time, through the real chokidar watcher; then the same edits followed by \`kernel.reload()\` without a watcher.`,
    `Memory: ${SIZES.full.reloads} watcher reloads (${SIZES.quick.reloads} with --quick); heapUsed and RSS from \`process.memoryUsage()\` after two \`gc()\` passes at reloads ${SIZES.full.checkpoints.join(', ')}. The run fails unless it ends on the last edit with every plugin loaded.`,
  ],
  cases: [
    { id: 'codev', label: 'codev createKernel({ watch: true })', plugins: OTHER_PLUGINS + 1, full: true },
    ...LARGE_PROJECTS.map((plugins) => ({ id: `codev-${plugins}-plugins`, label: `codev createKernel({ watch: true }), ${plugins} plugin files`, plugins, full: false })),
  ],
  measureCase: async (benchCase, options) => ({ ...benchCase, lines: await measure(benchCase, options) }),
  formatReport: (self, results) =>
    `${[`## ${self.title}`, '', ...self.methods.map((method) => `- ${method}`), '', ...results.flatMap((result) => result.lines)].join('\n')}\n`,
};

/** Runs every case in this process and prints the report. */
export async function run(options: { quick: boolean }): Promise<void> {
  const results: HotReloadResult[] = [];
  for (const benchCase of benchmark.cases) results.push(await benchmark.measureCase(benchCase, options));
  console.log(benchmark.formatReport(benchmark, results));
}

async function measure(benchCase: HotReloadCase, options: BenchOptions): Promise<string[]> {
  const size = options.quick ? SIZES.quick : SIZES.full;
  const project = await createTempProject({ files: projectFiles(benchCase.plugins - 1) });
  const lines = [`**${benchCase.label}** (Node ${process.version}${options.quick ? ', --quick' : ''}).`, ''];
  try {
    lines.push(...(await measureLatency(project, { saves: size.saves, plugins: benchCase.plugins, full: benchCase.full })));
    if (benchCase.full) lines.push('', ...(await measureMemory(project, { reloads: size.reloads, checkpoints: size.checkpoints, quick: options.quick })));
  } finally {
    await project.cleanup();
  }
  return lines;
}

/** (a) `writeFile` → the `reload` event, through the real watcher with the default 50 ms debounce. */
async function measureLatency(project: TempProject, options: { saves: number; plugins: number; full: boolean }): Promise<string[]> {
  const { saves } = options;
  const watched = await createKernel({ cwd: project.root, watch: true, env: {} });
  const viaWatcher: number[] = [];
  try {
    for (let index = 0; index < 3 + saves; index++) {
      const startedAt = performance.now();
      const live = nextReload(watched);
      await project.write('plugins/edited.ts', editedPlugin(`w${index}`));
      await live;
      if (index >= 3) viaWatcher.push(performance.now() - startedAt);
    }
    if (watched.generation.plugins.length !== options.plugins) throw new Error(`${watched.generation.plugins.length} plugins loaded, not ${options.plugins}`);
  } finally {
    await watched.close();
  }
  const watcherRow = `| file save → new generation live (${options.plugins} plugin files; watch, 50 ms debounce, re-imports 1 file) | ${ms(percentile(viaWatcher, 50))} | ${ms(percentile(viaWatcher, 95))} | ${ms(Math.max(...viaWatcher))} |`;
  const header = [`### Latency, ${saves} saves (after 3 warm-up saves)`, '', '| path | p50 | p95 | max |', '|---|---|---|---|'];
  if (!options.full) return [...header, watcherRow];
  const manual = await createKernel({ cwd: project.root, env: {} });
  const viaReload: number[] = [];
  try {
    for (let index = 0; index < 3 + saves; index++) {
      await project.write('plugins/edited.ts', editedPlugin(`r${index}`));
      const startedAt = performance.now();
      const result = await manual.reload();
      if (!result.ok) throw new Error(`reload failed: ${result.errors.map((error) => error.message).join('; ')}`);
      if (index >= 3) viaReload.push(performance.now() - startedAt);
    }
  } finally {
    await manual.close();
  }
  return [
    ...header,
    watcherRow,
    `| \`kernel.reload()\` alone (full: config + settings + all ${options.plugins} plugins) | ${ms(percentile(viaReload, 50))} | ${ms(percentile(viaReload, 95))} | ${ms(Math.max(...viaReload))} |`,
    '',
    `The watcher row is debounce (50 ms of quiet after the last event) + re-import + composition; minus the debounce, a save is live in about ${ms(Math.max(0, percentile(viaWatcher, 50) - 50))} at p50.`,
  ];
}

/** (b) Memory at checkpoints while the edited plugin is rewritten and reloaded through the watcher. */
async function measureMemory(project: TempProject, options: { reloads: number; checkpoints: readonly number[]; quick: boolean }): Promise<string[]> {
  const { reloads, checkpoints } = options;
  const kernel = await createKernel({ cwd: project.root, watch: true, env: {} });
  const samples: { reloads: number; heapUsed: number; rss: number }[] = [];
  try {
    for (let done = 0; done <= reloads; done++) {
      if (checkpoints.includes(done)) samples.push({ reloads: done, ...(await memory()) });
      if (done === reloads) break;
      const live = nextReload(kernel);
      await project.write('plugins/edited.ts', editedPlugin(`m${done}`));
      await live;
    }
    // The run only counts if every reload really re-imported the edit and kept the other plugins.
    const edited = kernel.tools.find((tool) => tool.name === 'Edited');
    const description = await edited?.description();
    if (description !== `Edited m${reloads - 1}` || kernel.generation.plugins.length !== OTHER_PLUGINS + 1 || kernel.generation.number !== reloads + 1) {
      throw new Error(`the memory run did not end on the last edit (generation ${kernel.generation.number}, ${description})`);
    }
  } finally {
    await kernel.close();
  }
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const perHundred = (from: number, to: number, span: number) => (span === 0 ? 0 : ((to - from) / span) * 100);
  const rows = samples.map((sample, index) => {
    const previous = samples[index - 1];
    const heapGrowth = previous ? mb(perHundred(previous.heapUsed, sample.heapUsed, sample.reloads - previous.reloads)) : '';
    const rssGrowth = previous ? mb(perHundred(previous.rss, sample.rss, sample.reloads - previous.reloads)) : '';
    return `| ${sample.reloads} | ${mb(sample.heapUsed)} | ${heapGrowth} | ${mb(sample.rss)} | ${rssGrowth} |`;
  });
  // The first checkpoint interval is warm-up (V8 feedback, caches filling); judge what comes after it.
  const settled = samples.length >= 3 ? samples[1]! : first;
  const lateHeap = perHundred(settled.heapUsed, last.heapUsed, last.reloads - settled.reloads);
  const flat = Math.abs(lateHeap) < FLAT_HEAP_BYTES_PER_100;
  const judged = typeof globalThis.gc === 'function' ? (flat ? 'flat' : 'NOT flat') : 'not judged (no --expose-gc: uncollected garbage counts as growth)';
  const verdict = `${judged}: from reload ${settled.reloads} to ${last.reloads} the heap moves ${mb(lateHeap)} per 100 reloads (flat means under ${mb(FLAT_HEAP_BYTES_PER_100)})${options.quick ? '; --quick is too short to judge, run the full 500' : ''}`;
  return [
    `### Memory over ${reloads} reloads (through the watcher; ${typeof globalThis.gc === 'function' ? 'after two forced collections' : 'NO forced collection: run with --expose-gc'})`,
    '',
    '| reloads | heapUsed | heap / 100 reloads | RSS | RSS / 100 reloads |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Heap: ${verdict}. For scale: a deliberate leak (a listener keeping every retired generation) measured about +2.6 MB per 100 reloads on this project. RSS: ${mb(perHundred(first.rss, last.rss, last.reloads))} per 100 reloads over the whole run (RSS also holds V8's reserved but unused heap pages and compiled code, so it is reported, not judged).`,
  ];
}

function projectFiles(others: number): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': '{ "type": "module" }',
    'codev.config.json': JSON.stringify({ permissions: { allow: ['Edited'] } }),
    'plugins/edited.ts': editedPlugin('v0'),
  };
  for (let index = 0; index < others; index++) files[`plugins/other-${index}.ts`] = toolPlugin(`Other${index}`, `${index}:`);
  return files;
}

/** A tool plugin whose text (and code) differs per version, as an edit would. */
function editedPlugin(version: string): string {
  return `${PLUGIN_IMPORTS}
const VERSION = ${JSON.stringify(version)};
export default buildTool({
  name: 'Edited',
  description: 'Edited ' + VERSION,
  inputSchema: z.object({ message: z.string(), count: z.number().optional() }),
  isReadOnly: () => true,
  async call({ message }) {
    return { data: VERSION + ':' + message };
  },
});
`;
}

function nextReload(kernel: Kernel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no reload within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = kernel.on('reload', () => {
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

async function memory(): Promise<{ heapUsed: number; rss: number }> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect) {
    // Two passes with a turn in between: the first frees objects whose finalizers free more.
    collect();
    await new Promise((resolve) => setImmediate(resolve));
    collect();
  }
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${bytes >= 0 ? '' : '−'}${(Math.abs(bytes) / 1024 / 1024).toFixed(2)} MB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run({ quick: process.argv.includes('--quick') });
}
