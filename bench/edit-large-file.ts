import { mkdtempSync, rmSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recordFileRead } from '../src/files/file-state.ts';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { runTool } from '../src/testing/run-tool.ts';
import { editTool } from '../src/tools/Edit/index.ts';
import { formatTimedReport, measureTimedCase, type TimedBenchmark, type TimedCase } from './local-tools/timed-case.ts';

const SIZE = { full: 50_000_000, quick: 10_000_000 };
const RUNS = { full: { warmup: 1, measured: 5 }, quick: { warmup: 1, measured: 3 } };
const LINE = 'const value = "the quick brown fox jumps over the lazy dog";\n';

/** Writes `bytes` of repeated source lines with one unique marker line in the middle, without holding it in memory. */
async function writeBigFile(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'w');
  const block = Buffer.from(LINE.repeat(Math.floor(65_536 / LINE.length)));
  let written = 0;
  let marked = false;
  while (written < bytes) {
    if (!marked && written >= bytes / 2) {
      await handle.write('const marker = "UNIQUE-0";\n');
      marked = true;
    }
    await handle.write(block);
    written += block.length;
  }
  await handle.close();
}

/** A fresh 50 MB file in a temp folder (the context's cwd); each run flips the marker between two values. */
function editCase(options: { id: string; label: string; versus?: string; edit: (context: ReturnType<typeof createTestContext>, file: string, from: string, to: string) => Promise<void> }): TimedCase {
  return {
    id: options.id,
    label: options.label,
    ...(options.versus ? { versus: options.versus } : {}),
    runs: RUNS,
    async setup({ quick }) {
      const directory = mkdtempSync(path.join((await import('node:os')).tmpdir(), 'codev-bench-edit-'));
      const context = createTestContext({ tools: [editTool], mode: 'acceptEdits', cwd: directory });
      const file = path.join(directory, 'big.ts');
      const bytes = quick ? SIZE.quick : SIZE.full;
      await writeBigFile(file, bytes);
      let count = 0;
      return {
        run: async () => {
          const from = `UNIQUE-${count}`;
          const to = `UNIQUE-${++count}`;
          await options.edit(context, file, from, to);
        },
        teardown: () => rmSync(directory, { recursive: true, force: true }),
        notes: [`${(bytes / 1e6).toFixed(0)} MB file, ${Math.round(bytes / LINE.length).toLocaleString('en-US')} lines, one unique line replaced per run`],
      };
    },
  };
}

/** Edit on a 50 MB file against a plain readFile + replace + writeFile. */
export const benchmark: TimedBenchmark = {
  id: 'edit-large-file',
  title: 'Edit on a 50 MB file, per edit',
  reference: 'codev',
  methods: [
    `A ${SIZE.full / 1e6} MB TypeScript-like file (${SIZE.quick / 1e6} MB with --quick) in a temp folder that is the context's cwd; each run replaces the one line \`const marker = "UNIQUE-n"\` with n + 1. ${RUNS.full.warmup} warm-up + ${RUNS.full.measured} measured edits (${RUNS.quick.warmup} + ${RUNS.quick.measured} with --quick).`,
    'codev: `recordFileRead` (what a full Read records; Edit refuses a file not read in full) then `runTool(Edit)` in acceptEdits mode: the whole lifecycle, including the structured patch and snippet of the result. `recordFileRead` (a stat) is inside the timed run and costs well under a millisecond.',
    'baseline: `fs.readFile(utf8)` + `String.replace` + `fs.writeFile`.',
    'Peak RSS is the case process\'s `maxRSS`; the file is written in 64 KiB blocks during setup, so it is not in memory before the first run.',
  ],
  cases: [
    editCase({
      id: 'codev',
      label: 'codev Edit (runTool, after recordFileRead)',
      async edit(context, file, from, to) {
        await recordFileRead(context, file);
        const { result } = await runTool({ name: 'Edit', input: { file_path: file, old_string: from, new_string: to }, context });
        if (result.status !== 'ok') throw new Error(`Edit failed: ${JSON.stringify(result.block.content).slice(0, 300)}`);
      },
    }),
    editCase({
      id: 'baseline',
      label: 'baseline: readFile + replace + writeFile',
      versus: 'codev',
      async edit(_context, file, from, to) {
        const text = await readFile(file, 'utf8');
        if (!text.includes(from)) throw new Error('marker missing');
        await writeFile(file, text.replace(from, to));
      },
    }),
  ],
  measureCase: measureTimedCase,
  formatReport: formatTimedReport,
};
