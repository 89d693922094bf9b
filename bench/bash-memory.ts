import { spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { resultText, runTool } from '../src/testing/run-tool.ts';
import { bashTool } from '../src/tools/Bash/index.ts';
import { formatTimedReport, measureTimedCase, type TimedBenchmark } from './local-tools/timed-case.ts';

const BYTES = { full: 500_000_000, quick: 100_000_000 };
const RUNS = { full: { warmup: 0, measured: 3 }, quick: { warmup: 0, measured: 1 } };
/** 500 MB of 100-byte lines. */
const command = (bytes: number) => `yes '${'x'.repeat(99)}' | head -c ${bytes}`;

/** Memory while a command prints 500 MB: the Bash tool (output streamed to the session file) against bash > /dev/null. */
export const benchmark: TimedBenchmark = {
  id: 'bash-memory',
  title: 'Bash memory while a command prints 500 MB',
  reference: 'codev',
  methods: [
    `Command: \`${command(BYTES.full).replace(/x{99}/, 'x…x')}\` (100-byte lines; ${BYTES.quick / 1e6} MB with --quick). ${RUNS.full.measured} runs (${RUNS.quick.measured} with --quick), no warm-up; ms is the median per run.`,
    'codev: `runTool(Bash)` with `CODEV_SANDBOX=0` (the sandbox costs a few ms of spawn, not memory): the output goes to `<sessionDirectory>/bash/<toolUseId>.txt` as it arrives, only a bounded head and tail stay in memory. Each run checks the file has every byte and the inline result is under 30,000 characters, then deletes the file.',
    'baseline: `spawn(\'bash\', [\'-c\', \'<command> > /dev/null\'])`: the same bytes produced, none read by Node.',
    'Peak RSS is the case process\'s `maxRSS` (the Node process, not the command); "RSS after setup" is before the first run.',
  ],
  cases: [
    {
      id: 'codev',
      label: 'codev Bash (streamed to file)',
      runs: RUNS,
      async setup({ quick }) {
        process.env.CODEV_SANDBOX = '0';
        const bytes = quick ? BYTES.quick : BYTES.full;
        const context = createTestContext({ tools: [bashTool] });
        // Warm the tool's imports and the spawn path with a tiny command, outside the timed runs.
        await runTool({ name: 'Bash', input: { command: 'true' }, context });
        let count = 0;
        let inline = 0;
        return {
          run: async () => {
            const { result } = await runTool({ name: 'Bash', input: { command: command(bytes) }, context, canUseTool: () => ({ behavior: 'allow' }), id: `toolu_mem_${++count}` });
            const output = result.output as { exitCode?: number; persistedOutputPath?: string; persistedOutputSize?: number };
            if (result.status !== 'ok' || output.exitCode !== 0 || !output.persistedOutputPath) throw new Error(`Bash failed: ${resultText(result).slice(0, 300)}`);
            const size = statSync(output.persistedOutputPath).size;
            if (size !== bytes || output.persistedOutputSize !== bytes) throw new Error(`file has ${size} bytes, expected ${bytes}`);
            inline = resultText(result).length;
            if (inline >= 30_000) throw new Error(`inline result of ${inline} characters`);
            rmSync(output.persistedOutputPath);
          },
          get notes() {
            return [`${(bytes / 1e6).toFixed(0)} MB persisted in full each run; inline result ${inline.toLocaleString('en-US')} characters`];
          },
        };
      },
    },
    {
      id: 'devnull',
      label: 'baseline: bash -c "… > /dev/null"',
      versus: 'codev',
      runs: RUNS,
      async setup({ quick }) {
        const bytes = quick ? BYTES.quick : BYTES.full;
        return {
          run: () =>
            new Promise<void>((resolve, reject) => {
              const child = spawn('bash', ['-c', `${command(bytes)} > /dev/null`], { stdio: 'ignore' });
              child.on('error', reject);
              child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
            }),
        };
      },
    },
  ],
  measureCase: measureTimedCase,
  formatReport: formatTimedReport,
};
