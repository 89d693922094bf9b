/**
 * cold-start's `targets` case: the start-up targets, each command against its anchor in the same run,
 * the commands interleaved round by round (the order rotated every round) so that all of them see the same
 * machine load. codev runs as users get it: the packed checkout installed into a temp project.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { median } from '../harness/measure-case.ts';
import type { BenchOptions } from '../harness/types.ts';
import type { ColdStartCase, ColdStartResult } from './cold-start-cases.ts';
import { installedCodev, PEERS, REPO } from './install-packed-codev.mjs';

/** Claude Code's native binary (the platform package of @anthropic-ai/claude-code) and the Agent SDK, both bench/ dependencies. */
export const CLAUDE_CODE = path.join(PEERS, '@anthropic-ai/claude-code-linux-x64/claude');
const AGENT_SDK = pathToFileURL(path.join(PEERS, '@anthropic-ai/claude-agent-sdk/sdk.mjs')).href;
const AGENT_SDK_SCRIPT = path.join(REPO, 'bench/agent/agent-sdk-one-turn.mjs');

/** The targets, as ratios to the anchor measured in the same run. */
export const START_TARGETS = { runVsNode: 5, toolsVsNode: 3, helpVsNode: 2 } as const;

const PROMPT = 'Read small.txt, then say done.';

/** The interleaved commands, once the packed checkout is installed in `project` (whose small.txt the model reads). */
export function targetCommands(project: string): ColdStartCase[] {
  const codev = path.join(project, 'node_modules/.bin/codev');
  return [
    { id: 'node', label: 'node -e 0', args: ['-e', '0'], expect: '', cwd: project },
    { id: 'installed-help', label: 'codev --help (installed)', args: [codev, '--help'], expect: 'Usage:', cwd: project },
    { id: 'installed-tools', label: 'codev tools (installed)', args: [codev, 'tools'], expect: 'Read', cwd: project },
    { id: 'installed-run', label: 'codev run agent.ts (installed; 1 Read call + final text)', args: [codev, 'run', 'agent.ts'], expect: 'done', cwd: project, modelCalls: READ(project) },
    { id: 'claude-code', label: 'claude -p (Claude Code native binary; 1 Read call + final text)', args: [CLAUDE_CODE, '-p', PROMPT, '--allowedTools', 'Read'], expect: 'done', cwd: project, modelCalls: READ(project), native: true },
    { id: 'agent-sdk', label: 'Agent SDK query() (node script → native binary; 1 Read call + final text)', args: [AGENT_SDK_SCRIPT, PROMPT], expect: 'done', cwd: project, modelCalls: READ(project), env: { AGENT_SDK_URL: AGENT_SDK } },
    { id: 'installed-import', label: 'node -e "import(\'codev\')" (installed)', args: ['-e', "import('codev')"], expect: '', cwd: project },
    { id: 'import-ai', label: 'node -e "import(\'ai\')" (bench/\'s ai)', args: ['-e', "import('ai')"], expect: '', cwd: path.dirname(PEERS) },
  ];
}

function READ(project: string) {
  return { name: 'Read', input: { file_path: path.join(project, 'small.txt') } };
}

/** What every command gets besides the fake server: a temp HOME (Claude Code's config and codev's user files go there) and no telemetry. */
function isolatedEnvironment(home: string): Record<string, string> {
  return {
    HOME: home,
    CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

type TimeProcess = (benchCase: ColdStartCase, env: NodeJS.ProcessEnv) => Promise<{ ms: number; cpuMs: number }>;

/**
 * Installs the packed checkout (once per tarball), starts one fake Messages server (one Read call, then `done`),
 * and runs every command `warmup + measured` rounds, each round all commands one after another in an order
 * rotated by one every round. Returns one row per command; the case's own figures are the installed `codev run`'s.
 */
export async function measureTargets(benchCase: ColdStartCase, options: BenchOptions & { rounds: { warmup: number; measured: number }; timeProcess: TimeProcess; baseEnv: NodeJS.ProcessEnv }): Promise<ColdStartResult> {
  const { directory: project, notes } = installedCodev();
  writeFileSync(path.join(project, 'small.txt'), 'hello\n');
  writeFileSync(path.join(project, 'agent.ts'), "import { defineAgent } from 'codev';\n\nexport default defineAgent({ prompt: 'Read small.txt, then say done.', maxTurns: 3, maxRetries: 0 });\n");
  // Claude Code's binary is an optional dependency of bench/ (a linux-x64 package): elsewhere its row is left out.
  const missing = [[CLAUDE_CODE, 'claude-code'], [fileURLToPath(AGENT_SDK), 'agent-sdk']].filter(([file]) => !existsSync(file!)).map(([file, id]) => ({ file: file!, id: id! }));
  const commands = targetCommands(project).filter((command) => !missing.some(({ id }) => id === command.id));
  notes.push(...missing.map(({ file, id }) => `${id} not run: ${file} is not installed (cd bench && npm install; Claude Code's binary package is for linux-x64 only)`));
  const home = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-home-'));
  let server: FakeMessagesServer | undefined;
  try {
    server = await createFakeMessagesServer({
      script: (request) => {
        const last = request.body.messages?.at(-1);
        const result = Array.isArray(last?.content) ? last.content.find((block) => block.type === 'tool_result') : undefined;
        if (!result) return toolUseReply('Read', READ(project).input);
        return textReply('is_error' in result && result.is_error ? 'the Read call failed' : 'done');
      },
    });
    const env = { ...options.baseEnv, ...isolatedEnvironment(home), ANTHROPIC_BASE_URL: server.url };
    const samples = new Map(commands.map((command) => [command.id, { ms: [] as number[], cpuMs: [] as number[] }]));
    for (let round = 0; round < options.rounds.warmup + options.rounds.measured; round++) {
      const order = commands.map((_, index) => commands[(index + round) % commands.length]!);
      for (const command of order) {
        const { ms, cpuMs } = await options.timeProcess(command, { ...env, ...command.env });
        if (round < options.rounds.warmup) continue;
        samples.get(command.id)!.ms.push(ms);
        samples.get(command.id)!.cpuMs.push(cpuMs);
      }
    }
    const rows = commands.map((command): ColdStartResult => {
      const { ms, cpuMs } = samples.get(command.id)!;
      return { id: command.id, label: command.label, runs: ms.length, ms: median(ms), samples: ms, cpuMs: median(cpuMs), cpuSamples: cpuMs, notes: [] };
    });
    const run = rows.find((row) => row.id === 'installed-run')!;
    return { ...run, id: benchCase.id, label: benchCase.label, notes, rows };
  } finally {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
    // The sessions `codev run` saved in the project: the next bench run starts from none.
    rmSync(path.join(project, '.codev'), { recursive: true, force: true });
  }
}
