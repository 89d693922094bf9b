/**
 * Rules that do nothing must be errors: a rule whose tool name is a tool's in another case (`bash(ls)`), or a
 * near miss of a loaded tool, is `RULE_INVALID` naming where it is written, before anything runs; a name no
 * tool has yet is only a warning (a plugin or MCP server may add it). Judged by effect: the command never ran.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/validate-config.ts';
import { parseSkillFile } from '../../src/skills/parse-skill-file.ts';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import { createKernel } from '../../src/index.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { runCodev } from '../cli/run-codev.ts';

const projects: TempProject[] = [];

afterEach(async () => {
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function project(files: Record<string, string> = {}): Promise<string> {
  // Plugin files import zod, which resolves only from a project inside the repo.
  const plugins = Object.keys(files).some((file) => file.startsWith('plugins/'));
  const made = await createTempProject({ location: plugins ? 'repo' : 'os-tmpdir', files: { 'package.json': '{"name":"victim","private":true}', ...files } });
  projects.push(made);
  return realpathSync(made.root);
}

/** `codev tool Bash '{"command": …}'` in the project, sandbox off so that nothing but the rules stands between the call and its effect. */
function bash(root: string, command: string, flags: string[]) {
  return runCodev(['tool', 'Bash', JSON.stringify({ command }), '--cwd', root, ...flags], { CODEV_SANDBOX: '0' });
}

describe('a rule whose tool name is a tool in another case', () => {
  it('--deny bash(touch:*) is RULE_INVALID (exit 2) and the command never runs', async () => {
    const root = await project();
    const run = await bash(root, 'touch made-by-the-call', ['--permission-mode', 'bypassPermissions', '--deny', 'bash(touch:*)']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain('--deny');
    expect(run.stderr).toContain('Bash(touch:*)');
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it("codev tool Bash ls --deny 'bash(ls)' is RULE_INVALID and lists nothing", async () => {
    const root = await project({ 'secret-name.txt': 'x' });
    const run = await bash(root, 'ls', ['--allow', 'Bash(ls)', '--deny', 'bash(ls)']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(`${run.stdout}${run.stderr}`).not.toContain('secret-name.txt');
  });

  it('--ask webfetch and --allow READ are refused too, naming the rule meant', async () => {
    const root = await project();
    for (const flags of [['--ask', 'webfetch'], ['--allow', 'READ(src/**)'], ['--deny', 'MCP__github']]) {
      const run = await bash(root, 'touch made-by-the-call', ['--permission-mode', 'bypassPermissions', ...flags]);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toContain('RULE_INVALID');
    }
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it('in codev.config.json: RULE_INVALID naming the file and the field, and the command never runs', async () => {
    const root = await project({ 'codev.config.json': JSON.stringify({ permissions: { mode: 'bypassPermissions', deny: ['Read(.env)', 'bash(touch:*)'] } }) });
    const run = await bash(root, 'touch made-by-the-call', []);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain(path.join(root, 'codev.config.json'));
    expect(run.stderr).toContain('permissions.deny[1]');
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it('in .codev/settings.local.json: RULE_INVALID naming the file and the field', async () => {
    const root = await project({ '.codev/settings.local.json': JSON.stringify({ permissions: { deny: ['bash(touch:*)'] } }) });
    const run = await bash(root, 'touch made-by-the-call', ['--permission-mode', 'bypassPermissions']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain(path.join(root, '.codev', 'settings.local.json'));
    expect(run.stderr).toContain('permissions.deny[0]');
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it("in a plugin's definePermissionRule: the plugin fails to load, and every call asks", async () => {
    const root = await project({ 'plugins/rules.ts': `${PLUGIN_IMPORTS}\nexport default definePermissionRule({ deny: ['bash(touch:*)'] });\n` });
    const run = await bash(root, 'touch made-by-the-call', ['--allow', 'Bash(touch:*)']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it("in an agent type's tools or disallowedTools: an invalid config naming the agent's field", () => {
    const agents = { reviewer: { description: 'reviews', prompt: 'review', disallowedTools: ['Write', 'bash'] } };
    expect(() => validateConfig({ value: { agents }, file: '/p/codev.config.ts' })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', field: 'agents.reviewer.disallowedTools[1]' }));
    expect(() => validateConfig({ value: { agents: { reviewer: { ...agents.reviewer, disallowedTools: 'Write, Bash' } } } })).not.toThrow();
  });

  it("in a skill's allowed-tools: the skill is invalid, naming the file and the field", () => {
    const parsed = parseSkillFile({ file: '/p/skills/deploy/SKILL.md', text: '---\ndescription: deploys\nallowed-tools: Read, bash(git push:*)\n---\nPush it.\n' });
    expect('error' in parsed && parsed.error).toMatchObject({ code: 'SKILL_INVALID', file: '/p/skills/deploy/SKILL.md', field: 'allowed-tools' });
    expect('skill' in parseSkillFile({ file: '/p/skills/deploy/SKILL.md', text: '---\ndescription: deploys\nallowed-tools: Read, Bash(git push:*)\n---\nPush it.\n' })).toBe(true);
  });

  it('where one slips through (the SDK, no command line), a wrong-case deny rule still denies the tool', async () => {
    const root = await project();
    const kernel = await createKernel({ cwd: root, env: { ...process.env, CODEV_SANDBOX: '0' }, permissionMode: 'bypassPermissions', deny: ['bash(touch:*)'] });
    try {
      expect(kernel.errors.map((error) => error.code)).toContain('RULE_INVALID');
      const context = kernel.createToolUseContext();
      let denied = false;
      for await (const update of runToolUse({ type: 'tool_use', id: 'case', name: 'Bash', input: { command: 'touch made-by-the-call' } }, undefined, () => ({ behavior: 'deny' }), context)) {
        if (update.type === 'result') denied = update.decision?.behavior === 'deny';
      }
      expect(denied).toBe(true);
      expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
    } finally {
      await kernel.close();
    }
  });
});

describe('a rule naming a tool that does not exist', () => {
  it('a near miss of a loaded tool (Bassh) is RULE_INVALID once the registry is complete', async () => {
    const root = await project();
    const run = await bash(root, 'touch made-by-the-call', ['--permission-mode', 'bypassPermissions', '--deny', 'Bassh(touch:*)']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain('Bash');
    expect(existsSync(path.join(root, 'made-by-the-call'))).toBe(false);
  });

  it("a near miss of a plugin's tool is RULE_INVALID; the plugin's own name is accepted", async () => {
    const tool = `${PLUGIN_IMPORTS}\nexport default buildTool({ name: 'Deploy', description: 'deploy', inputSchema: z.object({}), call: () => ({ data: 'deployed' }) });\n`;
    const root = await project({ 'plugins/deploy.ts': tool });
    const wrong = await bash(root, 'echo hi', ['--allow', 'Bash(echo:*)', '--deny', 'Deplyo']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('RULE_INVALID');
    expect(wrong.stderr).toContain('"Deploy"');
    const right = await bash(root, 'echo hi', ['--allow', 'Bash(echo:*)', '--deny', 'Deploy']);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stderr).not.toContain('RULE_INVALID');
  });

  it('a name no tool has and none is near (a plugin or MCP tool to come) is a warning only, and the call runs', async () => {
    const root = await project();
    const run = await bash(root, 'echo hi > said.txt', ['--permission-mode', 'acceptEdits', '--allow', 'Bash(echo:*)', '--deny', 'MyFutureTool(x)', '--ask', 'mcp__github__create_issue']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning');
    expect(run.stderr).toContain('MyFutureTool');
    expect(run.stderr).not.toContain('mcp__github');
    expect(run.stderr).not.toContain('RULE_INVALID');
    expect(existsSync(path.join(root, 'said.txt'))).toBe(true);
  });

  it('benign: exact rules, legacy names, globs and mcp__ names give neither error nor warning', async () => {
    const root = await project({ 'codev.config.ts': `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig({ permissions: { deny: ['Task', 'KillShell', 'mcp__*', 'Read(.env)'], ask: ['mcp__github'] } });\n` });
    const run = await bash(root, 'echo hi', ['--allow', 'Bash(echo:*)', '--deny', 'WebFetch(domain:example.com)']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('hi');
  });
});
