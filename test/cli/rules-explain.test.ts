import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

let project: TempProject;
let root: string;

beforeAll(async () => {
  project = await createTempProject({
    location: 'os-tmpdir',
    files: {
      'package.json': '{"name":"explained","private":true}',
      '.env': 'TOKEN=1',
      'data/report.txt': 'numbers',
      'codev.config.json': JSON.stringify({ permissions: { allow: ['Bash(git status)', 'Bash(cat:*)'], deny: ['Read(.env)'] } }),
    },
  });
  root = realpathSync(project.root);
  mkdirSync(path.join(root, '.git'));
  symlinkSync(path.join(root, 'data'), path.join(root, 'link'));
});

afterAll(() => project.cleanup());

async function explain(args: string[]) {
  const run = await runCodev(['rules', 'explain', ...args, '--cwd', root, '--json'], {});
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('codev rules explain', () => {
  it('lays out each Bash command: its reads and writes, read-only or not, the rule covering it, and the deny rule that decides', async () => {
    const explanation = await explain(['Bash', 'git status && cat .env > out.txt']);
    const [shell] = explanation.shell;
    expect(shell.commands.map((part: { text: string }) => part.text)).toEqual(['git status', 'cat .env']);
    expect(shell.commands[0]).toMatchObject({ readOnly: true, allowedBy: { rule: 'Bash(git status)', source: 'project' } });
    expect(shell.commands[1]).toMatchObject({ readOnly: true, reads: ['.env'], allowedBy: { rule: 'Bash(cat:*)' } });
    expect(shell.redirects.writes).toEqual(['out.txt']);
    expect(explanation.paths).toEqual(expect.arrayContaining([expect.objectContaining({ access: 'write', origin: 'redirect', real: path.join(root, 'out.txt') }), expect.objectContaining({ access: 'read', real: path.join(root, '.env') })]));
    expect(explanation.verdict).toMatchObject({ behavior: 'deny', rule: { rule: 'Read(.env)', source: 'project' } });
    expect(explanation.decision).toBe('deny');
  });

  it('a file tool: the path as written and as the OS resolves it, and why writing it is protected', async () => {
    const read = await explain(['Read', 'link/report.txt']);
    expect(read.paths[0]).toMatchObject({ access: 'read', lexical: path.join(root, 'link', 'report.txt'), real: path.join(root, 'data', 'report.txt') });
    expect(read.decision).toBe('allow');
    const write = await explain(['Write', '.git/hooks/pre-commit', '--permission-mode', 'acceptEdits']);
    expect(write.paths[0].protected).toContain('.git');
    expect(write.verdict).toMatchObject({ behavior: 'ask', immune: true });
    expect(write.decision).toBe('ask');
  });

  it('takes --allow, --deny and --permission-mode like codev tool, and dontAsk turns an ask into a deny', async () => {
    const asked = await explain(['Bash', 'rm -rf build']);
    expect(asked.shell[0].commands[0]).toMatchObject({ readOnly: false, writes: ['build'] });
    expect(asked.decision).toBe('ask');
    expect((await explain(['Bash', 'rm -rf build', '--permission-mode', 'dontAsk'])).decision).toBe('deny');
    const allowed = await explain(['Bash', '{"command":"rm -rf build"}', '--allow', 'Bash(rm -rf build)']);
    expect(allowed.verdict).toMatchObject({ behavior: 'allow', rule: { rule: 'Bash(rm -rf build)', source: 'cliArg' } });
    const denied = await explain(['Bash', 'rm -rf build', '--allow', 'Bash(rm:*)', '--deny', 'Bash(rm -rf:*)']);
    expect(denied.shell[0].commands[0]).toMatchObject({ deniedBy: { rule: 'Bash(rm -rf:*)', behavior: 'deny' }, allowedBy: { rule: 'Bash(rm:*)' } });
    expect(denied.decision).toBe('deny');
  });

  it('as text: each part, the verdict and the decision; a wrong-case rule flag is RULE_INVALID and an unknown tool CLI_USAGE (exit 2)', async () => {
    const text = await runCodev(['rules', 'explain', 'Bash', 'git status', '--cwd', root], {});
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('allowed by Bash(git status) (project)');
    expect(text.stdout).toContain('decision: allow');
    const wrong = await runCodev(['rules', 'explain', 'Bash', 'ls', '--deny', 'bash(ls)', '--cwd', root], {});
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('RULE_INVALID');
    const unknown = await runCodev(['rules', 'explain', 'Nope', '{}', '--cwd', root], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('CLI_USAGE');
  });

  it('decides as codev tool does: the same behaviour and the same rule', async () => {
    for (const command of ['git status', 'cat .env']) {
      const explained = await explain(['Bash', command]);
      const ran = await runCodev(['tool', 'Bash', JSON.stringify({ command }), '--cwd', root, '--json'], {});
      const { decision } = JSON.parse(ran.stdout);
      expect(decision.behavior, command).toBe(explained.decision);
      expect(decision.rule, command).toBe(explained.verdict.rule?.rule);
    }
  });
});
