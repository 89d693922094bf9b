import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { locateRipgrep } from '../src/search/locate-ripgrep.ts';
import { COMMON_RIPGREP_ARGS } from '../src/search/list-files.ts';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { runTool } from '../src/testing/run-tool.ts';
import { globTool } from '../src/tools/Glob/index.ts';
import { grepTool } from '../src/tools/Grep/index.ts';
import { ripgrepArgs } from '../src/tools/Grep/search-ripgrep.ts';
import type { GrepQuery } from '../src/tools/Grep/types.ts';
import { formatTimedReport, measureTimedCase, REPO, type TimedBenchmark, type TimedCase } from './local-tools/timed-case.ts';

// Its real path: in a worktree of bench/before-after.mjs node_modules is a link, and a search through a link
// whose target is outside the working directory asks for permission.
const ROOT = realpathSync(path.join(REPO, 'node_modules'));
const PATTERN = 'function\\s+\\w+Error';
const GLOB = '**/*.d.ts';
const RUNS = { full: { warmup: 2, measured: 7 }, quick: { warmup: 1, measured: 3 } };

/** A codev tool call (Grep or Glob) through runToolUse, in a context whose cwd is node_modules. */
function toolCase(options: { id: string; label: string; tool: 'Grep' | 'Glob'; input: Record<string, unknown> }): TimedCase {
  return {
    id: options.id,
    label: options.label,
    versus: options.id,
    runs: RUNS,
    async setup() {
      const context = createTestContext({ tools: [grepTool, globTool], cwd: ROOT });
      let summary = '';
      const run = async () => {
        const { result } = await runTool({ name: options.tool, input: options.input, context });
        if (result.status !== 'ok') throw new Error(`${options.tool} failed: ${JSON.stringify(result.block.content).slice(0, 300)}`);
        const output = result.output as { numFiles?: number; numLines?: number; filenames?: string[] };
        summary = `${output.numFiles ?? output.filenames?.length ?? '?'} files${output.numLines === undefined ? '' : `, ${output.numLines} lines`} (result; head_limit 0)`;
      };
      await run();
      return { run, notes: [summary] };
    },
  };
}

/** The same ripgrep binary run directly with the same flags, its whole stdout drained. */
function ripgrepCase(options: { id: string; label: string; versus: string; args: () => string[] }): TimedCase {
  return {
    id: options.id,
    label: options.label,
    versus: options.versus,
    runs: RUNS,
    async setup() {
      const rg = await locateRipgrep();
      if (rg.source === 'none') throw new Error('no ripgrep');
      const args = options.args();
      let bytes = 0;
      const run = () =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(rg.command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
          bytes = 0;
          child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
          child.on('error', reject);
          child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`rg exited ${code}`))));
        });
      await run();
      return { run, notes: [`\`rg ${args.join(' ')}\`: ${bytes.toLocaleString('en-US')} bytes of output`] };
    },
  };
}

const query = (mode: GrepQuery['mode']): GrepQuery => ({
  pattern: PATTERN,
  root: ROOT,
  rootIsFile: false,
  mode,
  globs: [],
  ignoreCase: false,
  multiline: false,
  before: 0,
  after: 0,
  signal: new AbortController().signal,
});

/** Grep and Glob over the repo's node_modules against the same ripgrep binary run directly. */
export const benchmark: TimedBenchmark = {
  id: 'local-search',
  title: 'Grep and Glob over node_modules vs ripgrep itself, per search',
  reference: 'grep-content',
  // Each codev row is its own reference; each rg row is compared with the codev row above it.
  methods: [
    `Tree: the repo's node_modules (cwd of the test context). Grep pattern \`${PATTERN}\`, Glob \`${GLOB}\`. ${RUNS.full.warmup} warm-up + ${RUNS.full.measured} measured searches (${RUNS.quick.warmup} + ${RUNS.quick.measured} with --quick), after one untimed search that fills the OS file cache; the median.`,
    'codev rows: `runTool` (runToolUse: validation, permission check, call, result block) with `head_limit: 0`, so the whole result is formatted.',
    'rg rows: the ripgrep binary codev uses (`locateRipgrep`, @vscode/ripgrep here) spawned directly with exactly the arguments codev passes (`ripgrepArgs` / list-files), stdout drained and discarded.',
    'The ratio of an rg row is against the codev row doing the same work (above 1× means rg is slower).',
  ],
  cases: [
    toolCase({ id: 'grep-content', label: 'codev Grep, output_mode content', tool: 'Grep', input: { pattern: PATTERN, output_mode: 'content', head_limit: 0 } }),
    ripgrepCase({ id: 'rg-content', label: 'rg --json (same flags)', versus: 'grep-content', args: () => ripgrepArgs(query('content')) }),
    toolCase({ id: 'grep-files', label: 'codev Grep, files_with_matches', tool: 'Grep', input: { pattern: PATTERN, head_limit: 0 } }),
    ripgrepCase({ id: 'rg-files', label: 'rg --files-with-matches (same flags)', versus: 'grep-files', args: () => ripgrepArgs(query('files_with_matches')) }),
    toolCase({ id: 'glob', label: `codev Glob ${GLOB}`, tool: 'Glob', input: { pattern: GLOB } }),
    ripgrepCase({ id: 'rg-glob', label: "rg --files -g '*.d.ts' (same flags)", versus: 'glob', args: () => ['--files', ...COMMON_RIPGREP_ARGS, '--null', '--glob=*.d.ts', '.'] }),
  ],
  measureCase: measureTimedCase,
  formatReport: formatTimedReport,
};
