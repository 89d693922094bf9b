import { realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

let project: TempProject;
let root: string;

/** A real project: rules in its config, and more in a plugin (strings and a rule function). */
beforeAll(async () => {
  project = await createTempProject({
    location: 'os-tmpdir',
    files: {
      'package.json': '{"name":"ruled","private":true}',
      'codev.config.ts': `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig({ permissions: { allow: ['Bash(npm test)', 'Bash(git status)'], deny: ['Read(.env)'] } });\n`,
      'plugins/no-push.ts': `import { definePermissionRule } from '${codevModule('permissions/define-permission-rule.ts')}';\nexport default definePermissionRule({ name: 'no-push', deny: ['Bash(git push:*)'], check: (tool, input) => (tool.name === 'Bash' && String(input.command).startsWith('npm publish') ? 'deny' : undefined) });\n`,
    },
  });
  root = realpathSync(project.root);
});

afterAll(() => project.cleanup());

const CASES = [
  { name: 'tests run', tool: 'Bash', input: 'npm test', expect: 'allow' },
  { tool: 'Bash', input: { command: 'git push origin main' }, expect: 'deny' },
  { name: 'publishing is refused by the plugin function', tool: 'Bash', input: 'npm publish', expect: 'deny' },
  { tool: 'Read', input: '.env', expect: 'deny' },
  { name: 'a removal asks', tool: 'Bash', input: 'rm -rf dist', expect: 'ask' },
  { name: 'and in dontAsk it is refused', tool: 'Bash', input: 'rm -rf dist', expect: 'deny', mode: 'dontAsk' },
];

function table(name: string, content: unknown): string {
  writeFileSync(path.join(root, name), JSON.stringify(content));
  return name;
}

describe('codev rules test', () => {
  it('passes a table whose every case gets its expected decision from the config and the plugin', async () => {
    const run = await runCodev(['rules', 'test', table('ok.json', CASES), '--cwd', root], {});
    expect(run.stdout.trim().split('\n').at(-1)).toBe('6 passed, 0 failed');
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it('one mismatch: exit 1, the case with its explanation, and "1 failed"', async () => {
    const wrong = [...CASES, { name: 'status is expected to ask (wrongly)', tool: 'Bash', input: 'git status', expect: 'ask' }];
    const run = await runCodev(['rules', 'test', table('wrong.json', { cases: wrong }), '--cwd', root], {});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL cases[6] status is expected to ask (wrongly): expected ask, got allow');
    expect(run.stdout).toContain('allowed by Bash(git status) (project)');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('6 passed, 1 failed');
    const json = await runCodev(['rules', 'test', 'wrong.json', '--json', '--cwd', root], {});
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ passed: 6, failed: 1 });
  });

  it('a malformed table is RULES_TEST_INVALID naming the file, the case and the field', async () => {
    const bad = await runCodev(['rules', 'test', table('bad.json', [CASES[0], { tool: 'Bash', input: 'ls', expect: 'allowed' }]), '--cwd', root], {});
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('RULES_TEST_INVALID');
    expect(bad.stderr).toContain(path.join(root, 'bad.json'));
    expect(bad.stderr).toContain('cases[1].expect');
    writeFileSync(path.join(root, 'broken.json'), '[{"tool": "Bash",');
    const broken = await runCodev(['rules', 'test', 'broken.json', '--cwd', root], {});
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('RULES_TEST_INVALID');
    const missing = await runCodev(['rules', 'test', '--cwd', root], {});
    expect(missing.code).toBe(2);
  });
});
