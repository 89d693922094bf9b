import { spawn } from 'node:child_process';
import { isSandboxAvailable } from '../src/sandbox/is-sandbox-available.ts';
import { createTestContext } from '../src/testing/create-test-context.ts';
import { runTool } from '../src/testing/run-tool.ts';
import { bashTool } from '../src/tools/Bash/index.ts';
import { formatTimedReport, measureTimedCase, type TimedBenchmark, type TimedCase } from './local-tools/timed-case.ts';

const CALLS = { full: 40, quick: 10 };
const RUNS = { full: { warmup: 1, measured: 5 }, quick: { warmup: 1, measured: 3 } };

/** `true` through the Bash tool, with the sandbox on or off (`CODEV_SANDBOX` is read per call). */
function bashCase(options: { id: string; label: string; versus?: string; sandbox: boolean }): TimedCase {
  return {
    id: options.id,
    label: options.label,
    ...(options.versus ? { versus: options.versus } : {}),
    runs: RUNS,
    async setup({ quick }) {
      if (options.sandbox) delete process.env.CODEV_SANDBOX;
      else process.env.CODEV_SANDBOX = '0';
      const context = createTestContext({ tools: [bashTool] });
      const calls = quick ? CALLS.quick : CALLS.full;
      let sandboxed: unknown;
      const call = async () => {
        const { result } = await runTool({ name: 'Bash', input: { command: 'true' }, context });
        if (result.status !== 'ok') throw new Error(`Bash failed: ${JSON.stringify(result.block.content).slice(0, 300)}`);
        sandboxed = (result.output as { sandboxed: boolean }).sandboxed;
      };
      await call();
      if (sandboxed !== options.sandbox) throw new Error(`expected sandboxed=${options.sandbox}, got ${String(sandboxed)} (bubblewrap available: ${isSandboxAvailable()})`);
      return {
        opsPerRun: calls,
        run: async () => {
          for (let index = 0; index < calls; index++) await call();
        },
        notes: [`sandboxed: ${String(sandboxed)}`],
      };
    },
  };
}

/** Bash spawn overhead: the tool with and without bubblewrap against a raw spawn. */
export const benchmark: TimedBenchmark = {
  id: 'bash-spawn',
  title: 'Bash spawn overhead: `true`, per call',
  reference: 'sandboxed',
  methods: [
    `Each run: ${CALLS.full} sequential calls (${CALLS.quick} with --quick); ${RUNS.full.warmup} warm-up + ${RUNS.full.measured} measured runs; the median ms per call.`,
    'codev rows: `runTool(Bash, { command: "true" })` in a bare test context (read-only command: allowed without a prompt), so the row includes the permission check (parsing the command), the spawn (detached process group), output collection and the result block. Sandboxed = bubblewrap (`bwrap`); `CODEV_SANDBOX=0` = plain `bash -c`.',
    "raw: `child_process.spawn('bash', ['-c', 'true'])` with stdio piped, awaited to 'close'.",
  ],
  cases: [
    bashCase({ id: 'sandboxed', label: 'codev Bash, sandboxed (bwrap)', sandbox: true }),
    bashCase({ id: 'unsandboxed', label: 'codev Bash, CODEV_SANDBOX=0', versus: 'sandboxed', sandbox: false }),
    {
      id: 'raw',
      label: "raw spawn('bash', ['-c', 'true'])",
      versus: 'sandboxed',
      runs: RUNS,
      async setup({ quick }) {
        const calls = quick ? CALLS.quick : CALLS.full;
        const call = () =>
          new Promise<void>((resolve, reject) => {
            const child = spawn('bash', ['-c', 'true'], { stdio: ['ignore', 'pipe', 'pipe'] });
            child.on('error', reject);
            child.on('close', () => resolve());
          });
        await call();
        return {
          opsPerRun: calls,
          run: async () => {
            for (let index = 0; index < calls; index++) await call();
          },
        };
      },
    },
  ],
  measureCase: measureTimedCase,
  formatReport(benchmark, results) {
    const text = formatTimedReport(benchmark, results);
    const byId = new Map(results.map((result) => [result.id, result]));
    const [sandboxed, unsandboxed, raw] = ['sandboxed', 'unsandboxed', 'raw'].map((id) => byId.get(id));
    if (!sandboxed || !unsandboxed || !raw) return text;
    const over = unsandboxed.ms - raw.ms;
    const rest = over < 0.5 ? 'codev without it is within noise of a raw spawn' : `codev without it costs ${over.toFixed(1)} ms over a raw spawn`;
    return `${text}\nThe sandbox adds ${(sandboxed.ms - unsandboxed.ms).toFixed(1)} ms per call; ${rest}.\n`;
  },
};
