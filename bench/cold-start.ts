import { COLD_START_CASES, COLD_START_RUNS, measureColdStart, type ColdStartCase, type ColdStartResult } from './agent/cold-start-cases.ts';
import { formatTable } from './agent/format-table.ts';
import type { CustomBenchmark } from './agent/types.ts';
import { formatRatio } from './harness/format-report.ts';

/** Milliseconds: one decimal under 100, whole above. */
function formatMs(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

/**
 * Wall time of fresh `node` processes, spawn to exit: the CLI's commands (through bin/codev.mjs, TypeScript
 * loaded by jiti) against two baselines, bare Node and Node importing zod. Every case runs in its own process,
 * which spawns the command again and again.
 */
export const benchmark: CustomBenchmark<ColdStartCase, ColdStartResult> = {
  id: 'cold-start',
  title: 'Cold start: fresh processes, spawn to exit',
  reference: 'node',
  methods: [
    `Each row: the command spawned ${COLD_START_RUNS.full.warmup} + ${COLD_START_RUNS.full.measured} times one after another (${COLD_START_RUNS.quick.warmup} + ${COLD_START_RUNS.quick.measured} with --quick), \`${process.execPath.split('/').pop()} <args>\` with cwd = the repo, stdout and stderr piped; the median of the measured runs. Each run must exit 0 with the expected output.`,
    'The warm-up run fills the OS file cache and jiti\'s filesystem transpile cache (in the OS temp folder: /tmp/jiti here), so the rows are warm-cache starts of a fresh process: what a user sees from the second run on.',
    '`codev tools` and `codev tool` load the repo\'s codev.config.ts and plugins/ (echo.ts, no-sudo.ts, safety-rules.ts); `codev tool Echo` also runs the call through the whole lifecycle.',
    '`codev run`: bench/agent/tiny-agent.ts (`defineAgent` from \'codev\', its prompt in the script) with `--cwd` the repo, against the fake Messages server of `codev/testing` started in the bench process (`ANTHROPIC_BASE_URL`): two model requests over loopback HTTP, one Echo call (allowed by codev.config.ts), the final text.',
    'over node: the row minus `node -e 0`, i.e. what the command costs on top of starting Node.',
  ],
  cases: COLD_START_CASES,
  measureCase: measureColdStart,
  formatReport(self, results) {
    const reference = results.find((result) => result.id === self.reference);
    const zod = results.find((result) => result.id === 'node-zod');
    const header = ['case', 'runs', 'ms (median)', 'runs min–max', 'over node ms', `ratio vs node -e 0`];
    const rows = results.map((result) => [
      result.label,
      String(result.runs),
      formatMs(result.ms),
      `${formatMs(Math.min(...result.samples))}–${formatMs(Math.max(...result.samples))}`,
      reference ? formatMs(result.ms - reference.ms) : '',
      reference ? formatRatio(result.ms / reference.ms) + (result === reference ? ' (ref)' : '') : '',
    ]);
    const lines = [`## ${self.title}`, '', ...self.methods.map((method) => `- ${method}`), '', ...formatTable([header, ...rows])];
    const help = results.find((result) => result.id === 'help');
    const summary: string[] = [];
    if (help && reference) summary.push(`Loading the CLI at all (\`--help\`: bin/codev.mjs, jiti, src/cli/main.ts and what it imports) costs ${formatMs(help.ms - reference.ms)} ms over bare Node${zod ? `, ${formatRatio((help.ms - reference.ms) / Math.max(1e-9, zod.ms - reference.ms))} what importing zod costs` : ''}.`);
    for (const id of ['tools', 'tool', 'run']) {
      const result = results.find((candidate) => candidate.id === id);
      if (result && help) summary.push(`${result.label}: ${formatMs(result.ms - help.ms)} ms more than \`--help\`.`);
    }
    if (summary.length > 0) lines.push('', ...summary);
    return `${lines.join('\n')}\n`;
  },
};
