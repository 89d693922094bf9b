import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashTool } from '../tools/Bash/index.ts';
import { writeTool } from '../tools/Write/index.ts';
import { OWNER_MARKER_KEY } from '../processes/command-marker.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { buildBwrapArguments } from './build-bwrap-arguments.ts';
import { isSandboxAvailable } from './is-sandbox-available.ts';
import { sweepPlaceholders } from './placeholders.ts';

const allow = () => ({ behavior: 'allow' as const });
const run = async (command: string, cwd?: string, rules: { deny?: string[]; pluginDirectories?: string[] } = {}) => {
  const context = createTestContext({ tools: [bashTool], cwd, deny: rules.deny, pluginDirectories: rules.pluginDirectories, mode: 'bypassPermissions' });
  const { result } = await runTool({ name: 'Bash', input: { command }, context, canUseTool: allow });
  // What is left once the placeholders' linger is over (see `sweepPlaceholders`).
  sweepPlaceholders();
  return { text: resultText(result), output: result.output as { exitCode: number; sandboxed: boolean } };
};
const fresh = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-sandbox-')));

describe('buildBwrapArguments', () => {
  it('binds the root read-only, then every mount shortest path first, and cuts the network', () => {
    const args = buildBwrapArguments({
      cwd: '/p',
      mounts: [
        { kind: 'writable', path: '/p' },
        { kind: 'read-only', path: '/p/.git/config' },
        { kind: 'keep', path: '/p/.git' },
        { kind: 'writable', path: '/p/.codev/t' },
        { kind: 'block', path: '/p/.codev' },
        { kind: 'hide', path: '/p/.env' },
        { kind: 'hide', path: '/p/keys', folder: true },
      ],
      allowNetwork: false,
    });
    expect(args.join(' ')).toBe(
      '--ro-bind / / --dev /dev --proc /proc --bind /p /p --bind /p/.git /p/.git --ro-bind /dev/null /p/.env --tmpfs /p/keys --remount-ro /p/keys --ro-bind /p/.codev /p/.codev --bind /p/.codev/t /p/.codev/t --ro-bind /p/.git/config /p/.git/config --unshare-net --unshare-pid --unshare-ipc --unshare-uts --die-with-parent --new-session --chdir /p',
    );
  });

  it('keeps the network when allowed', () => {
    expect(buildBwrapArguments({ cwd: '/p', mounts: [{ kind: 'writable', path: '/p' }], allowNetwork: true })).not.toContain('--unshare-net');
  });
});

describe.runIf(isSandboxAvailable())('the bubblewrap sandbox', () => {
  it('allows writes in the project and refuses them outside', async () => {
    const inside = await run('echo ok > inside.txt && cat inside.txt');
    expect(inside.output).toMatchObject({ exitCode: 0, sandboxed: true });
    const outside = path.join(os.homedir(), `codev-sandbox-${process.pid}`);
    const denied = await run(`touch ${outside}`);
    expect(denied.output.exitCode).not.toBe(0);
    expect(denied.text).toContain('Read-only file system');
    expect(existsSync(outside)).toBe(false);
  });

  it('gives a writable TMPDIR but a read-only /tmp', async () => {
    expect((await run('echo x > "$TMPDIR/t" && cat "$TMPDIR/t"')).text).toBe('x');
    expect((await run(`touch /tmp/codev-sandbox-${process.pid}`)).output.exitCode).not.toBe(0);
  });

  it('blocks .git/config even before .git exists, and leaves nothing behind', async () => {
    const result = await run('mkdir -p .git && echo evil > .git/config');
    expect(result.output.exitCode).not.toBe(0);
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-sandbox-'));
    mkdirSync(path.join(project, '.git', 'hooks'), { recursive: true });
    expect((await run('echo x > .git/config', project)).output.exitCode).not.toBe(0);
    expect((await run('echo x > .git/hooks/pre-commit', project)).output.exitCode).not.toBe(0);
    expect((await run('echo x > .git/HEAD && echo y > codev.config.ts', project)).output.exitCode).not.toBe(0);
    expect(existsSync(path.join(project, '.git', 'HEAD'))).toBe(true);
    expect(existsSync(path.join(project, 'codev.config.ts'))).toBe(false);
  });

  it('blocks writing a skill, whether or not the skills folder exists, and leaves nothing behind', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-sandbox-'));
    const planted = await run('mkdir -p skills/evil && printf -- "---\\nallowed-tools: Bash\\n---\\n" > skills/evil/SKILL.md', project);
    expect(planted.output.exitCode).not.toBe(0);
    expect(existsSync(path.join(project, 'skills'))).toBe(false);
    mkdirSync(path.join(project, 'skills', 'deploy'), { recursive: true });
    expect((await run('echo x > skills/deploy/SKILL.md', project)).output.exitCode).not.toBe(0);
    expect(existsSync(path.join(project, 'skills', 'deploy', 'SKILL.md'))).toBe(false);
    expect((await run('mkdir -p src/skills && echo ok > src/skills/a.txt && cat src/skills/a.txt', project)).text).toBe('ok');
  });

  it('refuses writes through a symlink that leaves the writable area', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-sandbox-'));
    const target = mkdtempSync(path.join(os.homedir(), '.codev-sandbox-target-'));
    symlinkSync(target, path.join(project, 'escape'));
    try {
      const result = await run('echo x > escape/file', project);
      expect(result.output.exitCode).not.toBe(0);
      expect(existsSync(path.join(target, 'file'))).toBe(false);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('has no network, not even to a server on the host loopback', async () => {
    const server = createServer((_request, response) => response.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const result = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`);
      expect(result.text).not.toContain('connected');
      expect(result.output.exitCode).not.toBe(0);
    } finally {
      server.close();
    }
  });

  it('hides what Read rules deny and keeps what Edit rules deny read-only, whatever program reads or writes it', async () => {
    const project = fresh();
    writeFileSync(path.join(project, '.env'), 'TOKEN=secret');
    mkdirSync(path.join(project, 'keys'));
    writeFileSync(path.join(project, 'keys', 'id.pem'), 'PRIVATE');
    writeFileSync(path.join(project, 'frozen.txt'), 'original');
    const deny = ['Read(.env)', 'Read(./keys/**)', 'Edit(frozen.txt)'];
    const read = await run(`python3 -c "import os; print(os.listdir('keys')); print(open('.env').read())"`, project, { deny });
    expect(read.text).not.toContain('secret');
    expect(read.text).not.toContain('PRIVATE');
    expect(read.text).toContain('[]');
    const wrote = await run(`python3 -c "open('frozen.txt', 'w').write('changed')"`, project, { deny });
    expect(wrote.output.exitCode).not.toBe(0);
    expect(readFileSync(path.join(project, 'frozen.txt'), 'utf8')).toBe('original');
  });

  it('keeps the folders above a protected place from being renamed, and pins .git/commondir', async () => {
    const project = fresh();
    mkdirSync(path.join(project, 'tools', 'plugins'), { recursive: true });
    mkdirSync(path.join(project, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(project, '.git', 'config'), '');
    const renamed = await run('mv tools t2 || mv .git .gold || echo x > .git/commondir', project, { pluginDirectories: [path.join(project, 'tools', 'plugins')] });
    expect(renamed.output.exitCode).not.toBe(0);
    expect(existsSync(path.join(project, 't2')) || existsSync(path.join(project, '.gold'))).toBe(false);
    expect(existsSync(path.join(project, '.git', 'commondir'))).toBe(false);
    expect((await run('echo ok > .git/HEAD && cat .git/HEAD', project)).text).toBe('ok');
  });

  it("passes the command's mark to every process inside, which is how a stop finds them", async () => {
    const result = await run(`sh -c 'tr "\\0" "\\n" < /proc/self/environ' | grep -c '^${OWNER_MARKER_KEY}='`);
    expect(result.text).toBe('1');
  });

  it('a write outside the sandbox right after a sandboxed command lands where a placeholder lingered', async () => {
    const project = fresh();
    const context = createTestContext({ tools: [bashTool, writeTool], cwd: project, mode: 'bypassPermissions' });
    await runTool({ name: 'Bash', input: { command: 'true' }, context, canUseTool: allow });
    // The `.mcp.json` placeholder lingers for the next sandboxed command: the Write sweeps it first.
    expect(existsSync(path.join(project, '.mcp.json'))).toBe(true);
    const { result } = await runTool({ name: 'Write', input: { file_path: path.join(project, '.mcp.json'), content: '{}' }, context, canUseTool: allow });
    expect(result.block.is_error ?? false, resultText(result)).toBe(false);
    expect(readFileSync(path.join(project, '.mcp.json'), 'utf8')).toBe('{}');
  });

  it('leaves no placeholder behind, and git status inside shows none', async () => {
    const project = fresh();
    writeFileSync(path.join(project, 'codev.config.ts'), 'export default {};\n');
    const before = readdirSync(project).sort();
    const inside = await run('git init -q . 2>/dev/null; ls -A', project);
    expect(inside.output.exitCode).toBe(0);
    expect(readdirSync(project).sort()).toEqual(before);
  });
});
