import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { killAll, processesWithArguments, uniqueSeconds } from '../../processes/test-fixtures/processes-with-arguments.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { isSandboxAvailable } from '../../sandbox/is-sandbox-available.ts';
import { bashTool } from './index.ts';

const allow = () => ({ behavior: 'allow' as const });
const context = (options: Parameters<typeof createTestContext>[0] = {}) => createTestContext({ tools: [bashTool], ...options });
const running = (marker: string) => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.startsWith(`sleep ${marker}`)).length;

describe('Bash', () => {
  it('returns stdout and exit code 0', async () => {
    const { result } = await runTool({ name: 'Bash', input: { command: 'echo hello; echo oops >&2' }, context: context() });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toBe('hello\noops');
    expect(result.output).toMatchObject({ stdout: 'hello\n', stderr: 'oops\n', exitCode: 0, timedOut: false });
  });

  it('puts "Exit code N" first on failure', async () => {
    const { result } = await runTool({ name: 'Bash', input: { command: 'echo partial; exit 3' }, context: context(), canUseTool: allow });
    expect(resultText(result)).toBe('Exit code 3\npartial');
    expect(result.block.is_error).toBe(true);
  });

  it('kills the whole process tree at the timeout', async () => {
    const { result } = await runTool({ name: 'Bash', input: { command: 'sleep 137 & sleep 137; wait', timeout: 500 }, context: context(), canUseTool: allow });
    expect(result.output).toMatchObject({ timedOut: true });
    expect(resultText(result)).toContain('timed out after 500 ms');
    expect(running('137')).toBe(0);
  });

  it('clamps the timeout to 600000 and says so', async () => {
    const { result } = await runTool({ name: 'Bash', input: { command: 'true', timeout: 900_000 }, context: context() });
    expect(result.output).toMatchObject({ timeoutMs: 600_000, timeoutClamped: true });
    expect(resultText(result)).toContain('lowered to the maximum of 600000 ms');
  });

  it('kills the process tree when the user interrupts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const { result } = await runTool({ name: 'Bash', input: { command: 'sleep 138 & sleep 138; wait' }, context: context({ signal: controller.signal }), canUseTool: allow });
    expect(result.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running('138')).toBe(0);
  });

  it.runIf(process.platform === 'linux')('says an interrupted command is cancelled only once what it started with setsid and nohup is gone', async () => {
    const seconds = uniqueSeconds();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const command = `setsid sleep ${seconds} & nohup sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`;
    try {
      const { result } = await runTool({ name: 'Bash', input: { command, dangerouslyDisableSandbox: true }, context: context({ signal: controller.signal }), canUseTool: allow });
      expect(result.status).toBe('cancelled');
      expect(processesWithArguments(['sleep', seconds])).toEqual([]);
    } finally {
      killAll(processesWithArguments(['sleep', seconds]));
    }
  });

  it('persists large output and returns a cut version with the path', async () => {
    const test = context();
    const { result } = await runTool({ name: 'Bash', input: { command: 'seq 1 20000' }, context: test, id: 'toolu_big' });
    const text = resultText(result);
    expect(text.length).toBeLessThan(30_000);
    expect(text).toContain(`${test.sessionDirectory}/bash/toolu_big.txt`);
    expect(readFileSync(`${test.sessionDirectory}/bash/toolu_big.txt`, 'utf8').trim().split('\n')).toHaveLength(20_000);
  });

  it('streams huge output to the file and keeps the inline result small', async () => {
    const test = context();
    const { result } = await runTool({ name: 'Bash', input: { command: 'echo first; yes | head -n 25000000; echo last; echo warn >&2' }, context: test, id: 'toolu_huge', canUseTool: allow });
    const file = `${test.sessionDirectory}/bash/toolu_huge.txt`;
    const size = 'first\n'.length + 50_000_000 + 'last\n'.length + '--- stderr ---\nwarn\n'.length;
    expect(result.status).toBe('ok');
    expect(result.output).toMatchObject({ exitCode: 0, persistedOutputPath: file, persistedOutputSize: size });
    expect(statSync(file).size).toBe(size);
    const text = resultText(result);
    expect(text.length).toBeLessThan(30_000);
    expect(text).toMatch(/^first\ny\n/);
    expect(text).toContain('last\nwarn');
    expect(text).toContain(`Output too large (${size} bytes). Full output saved to: ${file}`);
    expect(readFileSync(file, 'utf8').endsWith('y\nlast\n--- stderr ---\nwarn\n')).toBe(true);
  }, 30_000);

  it('stops writing and kills the command past CODEV_BASH_MAX_OUTPUT_BYTES', async () => {
    const test = context();
    const previous = process.env.CODEV_BASH_MAX_OUTPUT_BYTES;
    process.env.CODEV_BASH_MAX_OUTPUT_BYTES = '1000000';
    try {
      const { result } = await runTool({ name: 'Bash', input: { command: 'yes' }, context: test, id: 'toolu_capped', canUseTool: allow });
      expect(result.output).toMatchObject({ outputCapped: true, persistedOutputSize: 1_000_000 });
      expect(statSync(`${test.sessionDirectory}/bash/toolu_capped.txt`).size).toBe(1_000_000);
      expect(resultText(result)).toContain('passed the limit of 1000000 bytes');
    } finally {
      if (previous === undefined) delete process.env.CODEV_BASH_MAX_OUTPUT_BYTES;
      else process.env.CODEV_BASH_MAX_OUTPUT_BYTES = previous;
    }
  }, 30_000);

  it('reports progress after 2 s with the output tail', async () => {
    const { result, progress } = await runTool({ name: 'Bash', input: { command: 'echo started; sleep 2.5; echo done' }, context: context() });
    expect(result.status).toBe('ok');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]!.progress).toMatchObject({ type: 'bash_progress', output: 'started', totalLines: 1, elapsedTimeSeconds: 2 });
  });

  it('allows read-only commands in default mode and asks for others', async () => {
    const test = context();
    expect((await runTool({ name: 'Bash', input: { command: 'ls -la | grep session' }, context: test })).result.status).toBe('ok');
    const denied = await runTool({ name: 'Bash', input: { command: 'rm x' }, context: test });
    expect(denied.result.status).toBe('denied');
    const allowed = await runTool({ name: 'Bash', input: { command: 'rm -f x' }, context: context({ allow: ['Bash(rm -f x)'] }) });
    expect(allowed.result.status).toBe('ok');
  });

  it('treats redirect targets as writes', async () => {
    const { result } = await runTool({ name: 'Bash', input: { command: 'echo x > f' }, context: context() });
    expect(result.status).toBe('denied');
  });

  // Both kinds of machine are covered here, not skipped: the flag means something only where a sandbox runs.
  it(isSandboxAvailable() ? 'asks separately before running outside the sandbox' : 'without bubblewrap, dangerouslyDisableSandbox changes nothing: read-only runs, the rest asks', async () => {
    const asked: string[] = [];
    const canUseTool = (_tool: unknown, _input: unknown, options: { message?: string } = {}) => {
      asked.push(String(options.message ?? ''));
      return { behavior: 'deny' as const, message: 'no' };
    };
    if (!isSandboxAvailable()) {
      const readOnly = await runTool({ name: 'Bash', input: { command: 'ls', dangerouslyDisableSandbox: true }, context: context(), canUseTool: canUseTool as never });
      expect(readOnly.result.output).toMatchObject({ sandboxed: false, exitCode: 0 });
      const writes = await runTool({ name: 'Bash', input: { command: 'touch x', dangerouslyDisableSandbox: true }, context: context(), canUseTool: canUseTool as never });
      expect(writes.result.status).toBe('denied');
      expect(asked).toHaveLength(1);
      return;
    }
    const { result } = await runTool({ name: 'Bash', input: { command: 'ls', dangerouslyDisableSandbox: true }, context: context(), canUseTool: canUseTool as never });
    expect(result.status).toBe('denied');
    const ran = await runTool({ name: 'Bash', input: { command: 'ls', dangerouslyDisableSandbox: true }, context: context(), canUseTool: allow });
    expect(ran.result.output).toMatchObject({ sandboxed: false, exitCode: 0 });
    // Its own permission: neither a blanket allow rule nor bypassPermissions grants it.
    for (const options of [{ allow: ['Bash'] }, { mode: 'bypassPermissions' as const }]) {
      const blocked = await runTool({ name: 'Bash', input: { command: 'ls', dangerouslyDisableSandbox: true }, context: context(options) });
      expect(blocked.result.status).toBe('denied');
      expect(blocked.result.decision?.reason?.type).toBe('safetyCheck');
    }
  });

  it('leaves no placeholder files behind', async () => {
    const test = context();
    await runTool({ name: 'Bash', input: { command: 'ls -a' }, context: test });
    // They linger for the next command a moment (see `sweepPlaceholders`), then go.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(existsSync(`${test.cwd}/.git`)).toBe(false);
    expect(existsSync(`${test.cwd}/.codev`)).toBe(false);
  });
});
