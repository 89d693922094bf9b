import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');

function codev(args: string[], options: { cwd?: string; input?: string } = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd, input: options.input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let project: TempProject;
let broken: TempProject;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "name": "cli-fixture", "type": "module" }',
      'codev.config.ts': `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig({ permissions: { allow: ['Greet'], deny: ['Shell(rm *)'] } });\n`,
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      'plugins/ask-me.ts': toolPlugin('AskMe', 'asked '),
      'plugins/shell.ts': `${PLUGIN_IMPORTS}
export default buildTool({
  name: 'Shell',
  description: 'Pretend to run a command',
  inputSchema: z.object({ command: z.string() }),
  getPermissionTargets: ({ command }) => [{ kind: 'command', command }],
  checkPermissions: () => ({ behavior: 'passthrough' }),
  call: ({ command }) => ({ data: 'would run: ' + command }),
});
`,
      'plugins/guard.ts': `${PLUGIN_IMPORTS}
export default defineHook({ event: 'PreToolUse', matcher: 'Greet', handler: ({ toolInput }) => toolInput.message === 'mallory' ? { decision: 'deny', reason: 'not her' } : undefined });
`,
    },
  });
  broken = await createTempProject({
    files: {
      'package.json': '{ "name": "broken-fixture", "type": "module" }',
      'codev.config.json': '{ "permissions": { "allow": ["Greet"] } }',
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      'plugins/broken.ts': 'export default {{{',
    },
  });
});
afterAll(async () => {
  await project.cleanup();
  await broken.cleanup();
});

describe('codev CLI', () => {
  it('prints help and exits 0; unknown commands and bad options exit 2', () => {
    const help = codev(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('tool <Name> [json]');
    expect(codev(['tool', '--help']).stdout).toContain('--permission-mode M');
    expect(codev(['frobnicate']).code).toBe(2);
    expect(codev(['tool', 'Greet', '--bogus', '--cwd', project.root]).code).toBe(2);
    expect(codev(['tool', '--cwd', project.root]).code).toBe(2);
    expect(codev(['tool', 'Greet', '{not json', '--cwd', project.root]).code).toBe(2);
    const badRule = codev(['tool', 'Greet', '{}', '--allow', 'Bash(npm test', '--cwd', project.root]);
    expect(badRule.code).toBe(2);
    expect(badRule.stderr).toContain('CLI_USAGE');
    expect(codev(['tool', 'Greet', '{}', '--permission-mode', 'yolo', '--cwd', project.root]).code).toBe(2);
    // Nine codev processes one after another: on a loaded two-core machine that passes the default 20 s.
  }, 90_000);

  it('lists the pool in the model order', () => {
    const listed = codev(['tools', '--json', '--cwd', project.root]);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as { name: string; source: string }[];
    const builtins = rows.filter((row) => row.source === 'builtin').map((row) => row.name);
    expect(builtins).toEqual([...builtins].sort());
    expect(builtins).toEqual(expect.arrayContaining(['Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep']));
    expect(rows.slice(builtins.length).map((row) => row.name)).toEqual(['AskMe', 'Greet', 'Shell']);
    expect(rows.find((row) => row.name === 'Greet')!.source).toBe(`plugin ${project.path('plugins/greet.ts')}`);
    expect(listed.stderr).toBe('');
  });

  it('reports a broken plugin with file and line, keeps the others, and asks for every call', () => {
    const listed = codev(['tools', '--json', '--cwd', broken.root]);
    expect(listed.code).toBe(1);
    expect((JSON.parse(listed.stdout) as { name: string; source: string }[]).filter((row) => row.source !== 'builtin').map((row) => row.name)).toEqual(['Greet']);
    expect(listed.stderr).toContain('PLUGIN_LOAD_FAILED');
    expect(listed.stderr).toContain(`${broken.path('plugins/broken.ts')}:1`);
    const hint = /fix: (.+)/.exec(listed.stderr)![1]!;
    // Greet is allowed, but the broken plugin's rules are unknown: the call asks, and nobody can answer.
    const run = codev(['tool', 'Greet', '{"message":"x"}', '--json', '--cwd', broken.root]);
    expect(run.code).toBe(1);
    const printed = JSON.parse(run.stdout) as { content: string; decision: { source: string } };
    expect(printed.decision).toEqual({ behavior: 'deny', source: 'config' });
    expect(printed.content).toContain(broken.path('plugins/broken.ts'));
    expect(printed.content).toContain(hint);
    expect(printed.content).not.toContain('--allow');
    expect(printed.content).not.toContain('the user said');
    const text = codev(['tool', 'Read', JSON.stringify({ file_path: broken.path('package.json') }), '--cwd', broken.root]);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(broken.path('plugins/broken.ts'));
    expect(text.stderr).not.toContain('--allow');
  });

  it('runs a plugin tool through the lifecycle and prints --json', () => {
    const run = codev(['tool', 'Greet', '{"message":"world"}', '--json', '--cwd', project.root]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ is_error: false, content: 'hello world', decision: { behavior: 'allow', source: 'config', rule: 'Greet' } });
  });

  it('applies hooks, deny rules and --allow/--deny flags', () => {
    const hooked = codev(['tool', 'Greet', '{"message":"mallory"}', '--json', '--cwd', project.root]);
    expect(hooked.code).toBe(1);
    expect(JSON.parse(hooked.stdout).decision).toEqual({ behavior: 'deny', source: 'hook' });
    const denied = codev(['tool', 'Shell', '{"command":"ls && rm -rf /"}', '--allow', 'Shell', '--json', '--cwd', project.root]);
    expect(JSON.parse(denied.stdout).decision).toMatchObject({ behavior: 'deny', rule: 'Shell(rm *)' });
    const flagged = codev(['tool', 'Greet', '{"message":"x"}', '--deny', 'Greet', '--cwd', project.root]);
    expect(flagged.code).toBe(1);
    const stdin = codev(['tool', 'Greet', '-', '--cwd', project.root], { input: '{"message":"stdin"}' });
    expect(stdin.stdout.trim()).toBe('hello stdin');
  });

  it('a PermissionRequest command hook answers the asks nobody can answer in codev tool', async () => {
    const approve = `input=$(cat)
if echo "$input" | grep -q mallory; then
  echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not her"}}}'
else
  echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'
fi
`;
    const hooks = { PermissionRequest: [{ matcher: 'Greet', hooks: [{ type: 'command', command: 'bash ./hooks/approve.sh' }] }] };
    const hooked = await createTempProject({
      files: {
        'package.json': '{ "name": "permission-hook-fixture", "type": "module" }',
        'codev.config.json': JSON.stringify({ permissions: { ask: ['Greet', 'AskMe'] }, hooks }),
        'plugins/greet.ts': toolPlugin('Greet', 'hello '),
        'plugins/ask-me.ts': toolPlugin('AskMe', 'asked '),
        'hooks/approve.sh': approve,
      },
    });
    try {
      const approved = codev(['tool', 'Greet', '{"message":"world"}', '--json', '--cwd', hooked.root]);
      expect(approved.code).toBe(0);
      expect(JSON.parse(approved.stdout)).toEqual({ is_error: false, content: 'hello world', decision: { behavior: 'allow', source: 'hook', rule: 'Greet' } });
      const denied = codev(['tool', 'Greet', '{"message":"mallory"}', '--json', '--cwd', hooked.root]);
      expect(denied.code).toBe(1);
      expect(JSON.parse(denied.stdout)).toMatchObject({ is_error: true, content: 'not her', decision: { behavior: 'deny', source: 'hook' } });
      const unhooked = codev(['tool', 'AskMe', '{"message":"x"}', '--json', '--cwd', hooked.root]);
      expect(unhooked.code).toBe(1);
      expect(JSON.parse(unhooked.stdout).content).toContain('not interactive');
    } finally {
      await hooked.cleanup();
    }
  });

  it('explains invalid input and unknown tools as tool errors, as usage errors (exit 2): both came from the command line', () => {
    const invalid = codev(['tool', 'Greet', '{"message":1}', '--cwd', project.root]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('The parameter `message` type is expected as `string` but provided as `number`');
    const missing = codev(['tool', 'Nope', '--cwd', project.root]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such tool available: Nope');
    const coded = codev(['tool', 'Nope', '--json', '--cwd', project.root]);
    expect(JSON.parse(coded.stdout)).toMatchObject({ is_error: true, error_code: 'TOOL_NOT_FOUND' });
    expect(coded.code).toBe(2);
    expect(codev(['tool', 'Greeet', '{}', '--cwd', project.root]).stderr).toContain('"Greet"');
  });

  it('reports an invalid config with the file and the field', async () => {
    const bad = await createTempProject({ files: { 'package.json': '{}', 'codev.config.json': '{ "permissions": { "mode": "yolo" } }' } });
    try {
      const run = codev(['tools', '--cwd', bad.root]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('CONFIG_INVALID');
      expect(run.stderr).toContain('permissions.mode');
      expect(run.stderr).toContain(bad.path('codev.config.json'));
    } finally {
      await bad.cleanup();
    }
  });
});
