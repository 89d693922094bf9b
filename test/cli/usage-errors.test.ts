import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev, type ProcessRun } from './run-codev.ts';

// Every error caused by a value on the command line is a usage error: exit 2, and a message naming the flag
// (or the command, or the closest name meant). Each row is one codev process; the rows run a few at a time.

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ prompt: 'hi' });\n`,
    },
  });
});
afterAll(async () => {
  await project.cleanup();
});

/** `codev <args>` in the project, with no model reachable and no Redis: a bad value must fail before either. */
function codev(args: readonly string[]): Promise<ProcessRun> {
  return runCodev([...args, '--cwd', project.root], { ANTHROPIC_BASE_URL: 'http://127.0.0.1:1', CODEV_MAX_RETRIES: '0', NO_COLOR: '1' });
}

/** Runs `rows` a few processes at a time (two cores shared with other work). */
async function runAll<Row extends { args: readonly string[] }>(rows: readonly Row[]): Promise<(Row & { run: ProcessRun })[]> {
  const results: (Row & { run: ProcessRun })[] = [];
  for (let index = 0; index < rows.length; index += 4) {
    const batch = rows.slice(index, index + 4);
    results.push(...(await Promise.all(batch.map(async (row) => ({ ...row, run: await codev(row.args) })))));
  }
  return results;
}

const BAD_VALUES: readonly { args: readonly string[]; names: string }[] = [
  { args: ['run', 'agent.ts', '--thinking', '500'], names: '--thinking' },
  { args: ['run', 'agent.ts', '--thinking', 'lots'], names: '--thinking' },
  { args: ['run', 'agent.ts', '--thinking', '9000'], names: '--max-tokens' },
  { args: ['run', 'agent.ts', '--thinking', '4000', '--max-tokens', '2000'], names: '--thinking' },
  { args: ['run', 'agent.ts', '--max-tokens', '0'], names: '--max-tokens' },
  { args: ['run', 'agent.ts', '--effort', 'x'], names: '--effort' },
  { args: ['run', 'agent.ts', '--max-turns', '0'], names: '--max-turns' },
  { args: ['run', 'agent.ts', '--max-budget-usd', 'x'], names: '--max-budget-usd' },
  { args: ['run', 'agent.ts', '--max-query-tokens', '1.5'], names: '--max-query-tokens' },
  { args: ['run', 'agent.ts', '--output-format', 'xml'], names: '--output-format' },
  { args: ['run', 'agent.ts', '--permission-mode', 'yolo'], names: '--permission-mode' },
  { args: ['run', 'agent.ts', '--fallback-model', ''], names: '--fallback-model' },
  { args: ['run', 'agent.ts', '--model', ''], names: '--model' },
  { args: ['run', 'agent.ts', '--json-schema', 'missing.json'], names: '--json-schema' },
  { args: ['run', 'agent.ts', '--thinkin', '4000'], names: '--thinking' },
  { args: ['tool', 'Read', '{}', '--permission-mode', 'yolo'], names: '--permission-mode' },
  { args: ['tool', 'Read', '{"file_path":"a"}', '--allow', 'Read('], names: 'Read(' },
  { args: ['tool', 'Read', '{not json'], names: 'JSON' },
  { args: ['tool', 'Read', '[]'], names: 'The input' },
  { args: ['tool', 'Raed', '{}'], names: '"Read"' },
  { args: ['tools', '--jsno'], names: '--json' },
  { args: ['sessions', 'prune', '--older-than', 'soon'], names: '--older-than' },
  { args: ['sessions', 'shwo', 'x'], names: '"show"' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--max-turns', '0'], names: '--max-turns' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--attempts', 'x'], names: '--attempts' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--max-budget-usd', '-1'], names: '--max-budget-usd' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--max-prompt-bytes', 'x'], names: '--max-prompt-bytes' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--permission-mode', 'yolo'], names: '--permission-mode' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--model', ''], names: '--model' },
  { args: ['queue', 'add', 'agent.ts', '--prompt', 'hi', '--redis', 'localhost'], names: '--redis' },
  { args: ['queue', 'clean', '--older-than', 'x'], names: '--older-than' },
  { args: ['queue', 'status', '--redis', 'localhost'], names: '--redis' },
  { args: ['queue', 'ad'], names: '"add"' },
  { args: ['worker', '--concurrency', 'x'], names: '--concurrency' },
  { args: ['worker', '--rate', 'x'], names: '--rate' },
  { args: ['worker', '--lock-duration', '0'], names: '--lock-duration' },
  { args: ['worker', '--max-stalled', 'x'], names: '--max-stalled' },
  { args: ['worker', '--stalled-interval', 'x'], names: '--stalled-interval' },
  { args: ['rules', 'explain', 'Bash', 'ls', '--permission-mode', 'yolo'], names: '--permission-mode' },
  { args: ['rules', 'explain', 'Bsh', 'ls'], names: '"Bash"' },
  { args: ['rules', 'explian'], names: '"explain"' },
  { args: ['rules', 'test', 'missing.json'], names: 'missing.json' },
  { args: ['init', '--template', 'nope'], names: 'template' },
  { args: ['instructions', '--jsn'], names: '--json' },
  { args: ['run', 'agent.ts', '--max-turns', '0x10'], names: '--max-turns' },
  { args: ['worker', '--concurrency', '1e1'], names: '--concurrency' },
  { args: ['fake-model', '--port', '0x10', '--', 'true'], names: '--port' },
  { args: ['fake-model', '--port', '1e3', '--', 'true'], names: '--port' },
  { args: ['--verison'], names: '--version' },
  { args: ['version'], names: '--version' },
  { args: ['tools', 'Bash'], names: 'Bash' },
  { args: ['instructions', 'CODEV.md'], names: 'CODEV.md' },
  { args: ['tools', '--cwd', 'no-such-folder'], names: '--cwd' },
  { args: ['run', 'agent.ts', '--cwd=agent.ts'], names: '--cwd' },
  { args: ['sessions', '--cwd', 'no-such-folder'], names: '--cwd' },
  { args: ['rewind', '--to'], names: '--to' },
  { args: ['rewind', '--to', '0'], names: '--to' },
  { args: ['rewind', '--to', '1.5'], names: '--to' },
  { args: ['rewind', '--to', '2', '--files-only', '--conversation-only'], names: '--files-only' },
  { args: ['rewind', '--to', '2', '--force', '--keep-changed'], names: '--keep-changed' },
  { args: ['rewind', '--list', '--to', '2'], names: '--list' },
  { args: ['rewind', '--list', '--dry-run'], names: '--dry-run' },
  { args: ['rewind'], names: '--list' },
  { args: ['rewind', '--lsit'], names: '--list' },
  { args: ['rewnid', '--list'], names: '"rewind"' },
  { args: ['run', 'agent.ts', '--rewind-to', '2'], names: '--resume' },
  { args: ['run', 'agent.ts', '--resume', 'x', '--rewind-to', '0'], names: '--rewind-to' },
  { args: ['run', 'agent.ts', '--resume', 'x', '--rewind-to', '2', '--fork-session'], names: '--fork-session' },
  { args: ['run', 'agent.ts', '--force'], names: '--rewind-to' },
  { args: ['mcp', 'serv'], names: '"serve"' },
  { args: ['mcp', 'serve', 'extra'], names: 'extra' },
  { args: ['mcp', 'serve', '--transport', 'ws'], names: '--transport' },
  { args: ['mcp', 'serve', '--port', '8765'], names: '--port' },
  { args: ['mcp', 'serve', '--transport', 'http', '--port', '70000'], names: '--port' },
  { args: ['mcp', 'serve', '--transport', 'http', '--port', '0x10'], names: '--port' },
  { args: ['mcp', 'serve', '--transport', 'http', '--host', '0.0.0.0'], names: '--token' },
  { args: ['mcp', 'serve', '--transport', 'http', '--host', '0.0.0.0', '--no-token'], names: '--no-token' },
  { args: ['mcp', 'serve', '--transport', 'http', '--token', 'x', '--no-token'], names: '--no-token' },
  { args: ['mcp', 'serve', '--ask-fallback', 'maybe'], names: '--ask-fallback' },
  { args: ['mcp', 'serve', '--permission-mode', 'yolo'], names: '--permission-mode' },
  { args: ['mcp', 'serve', '--deny', 'bash(ls)'], names: '--deny' },
  { args: ['mcp', 'serve', '--tools', 'Read,,Grep'], names: '--tools' },
  { args: ['mcp', 'serve', '--tools', 'Raed'], names: '"Read"' },
];

describe('a bad value on the command line', () => {
  it('exits 2 with a message naming the flag, in every command', { timeout: 600_000 }, async () => {
    const wrong = (await runAll(BAD_VALUES))
      .filter(({ run, names }) => run.code !== 2 || !run.stderr.includes(names))
      .map(({ args, names, run }) => `codev ${args.join(' ')}: exit ${run.code}, expected 2 and "${names}" in: ${run.stderr.trim().split('\n')[0]}`);
    expect(wrong).toEqual([]);
  });
});

describe('codev rewind of a session that is not there', () => {
  it('is SESSION_NOT_FOUND with where to look (exit 1), not a usage error', { timeout: 60_000 }, async () => {
    for (const args of [['rewind', 'no-such-session', '--list'], ['rewind', '--list'], ['rewind', 'no-such-session', '--to', '2']]) {
      const { code, stderr } = await codev(args);
      expect({ args, code }).toEqual({ args, code: 1 });
      expect(stderr).toContain('SESSION_NOT_FOUND');
      expect(stderr).toContain('fix: ');
    }
  });
});

describe('a mistyped command', () => {
  it('names the command meant and where the list is, without the whole help (exit 2)', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runCodev(['rnu', 'agent.ts'], {});
    expect(code).toBe(2);
    expect(stderr).toContain('"run"');
    expect(stderr).toContain('--help');
    expect(stdout).toBe('');
    expect(stderr.split('\n').length).toBeLessThan(5);
  });
});

describe('codev help <command>', () => {
  it("prints the command's own help, as codev <command> --help does", { timeout: 60_000 }, async () => {
    const { code, stdout } = await runCodev(['help', 'fake-model'], {});
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: codev fake-model/);
    const rewind = await runCodev(['help', 'rewind'], {});
    expect(rewind.code).toBe(0);
    expect(rewind.stdout).toMatch(/^Usage: codev rewind/);
  });
});

describe('the messages', () => {
  it('an unknown option is named with balanced quotes', { timeout: 60_000 }, async () => {
    const { code, stderr } = await codev(['run', 'agent.ts', '--bogus']);
    expect(code).toBe(2);
    for (const line of stderr.trim().split('\n')) expect((line.match(/'/g) ?? []).length % 2, line).toBe(0);
  });

  it('an unknown option of a command that takes no prompt is not said to be a prompt to put after --', { timeout: 60_000 }, async () => {
    // After -- fake-model would run "--prot" as a command; tools, sessions, worker take no free text at all.
    for (const { args, option } of [
      { args: ['fake-model', '--prot', '3'], option: '--prot' },
      { args: ['tools', '--jsno'], option: '--jsno' },
      { args: ['sessions', 'prune', '--older-then', '3d'], option: '--older-then' },
    ]) {
      const { code, stderr } = await codev(args);
      expect(code).toBe(2);
      expect(stderr).not.toContain(`-- '${option}'`);
    }
    const { code, stderr } = await codev(['run', 'agent.ts', '--bogus']);
    expect(code).toBe(2);
    expect(stderr).toContain("-- '--bogus'");
  });

  it('a call denied off a terminal: the ask ends with a period before what follows', { timeout: 60_000 }, async () => {
    const { code, stderr } = await codev(['tool', 'Bash', '{"command":"git push"}']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/git push\. codev tool is not interactive/);
  });
});
