import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';

const projects: TempProject[] = [];
afterEach(async () => {
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function project(files: Record<string, string>) {
  const created = await createTempProject({ files: { 'package.json': '{ "type": "module" }', ...files } });
  projects.push(created);
  return created;
}

describe('createKernel', () => {
  it('composes config rules (project), local settings (local), CLI rules (cliArg) and plugin rules (plugin)', async () => {
    const dir = await project({
      'codev.config.ts': `import { defineConfig } from '${codevModule('config/define-config.ts')}';
import { defineHook } from '${codevModule('hooks/define-hook.ts')}';
export default defineConfig({
  permissions: { allow: ['Alpha'], additionalDirectories: ['../shared'] },
  hooks: [defineHook({ event: 'PostToolUse', handler: () => ({ additionalContext: 'from config hook' }) })],
});`,
      '.codev/settings.local.json': JSON.stringify({ permissions: { allow: ['Beta'] } }),
      'plugins/alpha.ts': toolPlugin('Alpha', 'a:'),
      'plugins/beta.ts': toolPlugin('Beta', 'b:'),
      'plugins/gamma.ts': toolPlugin('Gamma', 'g:'),
      'plugins/rules.ts': `import { definePermissionRule } from '${codevModule('permissions/define-permission-rule.ts')}';
export default definePermissionRule({ deny: ['Gamma'] });`,
    });
    const kernel = await createKernel({ cwd: dir.root, ask: ['Beta'], env: {} });
    try {
      expect(kernel.errors).toEqual([]);
      expect(kernel.tools.filter((tool) => tool.source.type === 'plugin').map((tool) => tool.name)).toEqual(['Alpha', 'Beta']);
      expect(kernel.permissionContext.alwaysAllowRules).toMatchObject({ project: ['Alpha'], local: ['Beta'] });
      expect(kernel.permissionContext.alwaysDenyRules.plugin).toEqual(['Gamma']);
      expect(kernel.permissionContext.additionalWorkingDirectories).toEqual([dir.path('../shared')]);
      const context = kernel.createToolUseContext();
      const alpha = await runTool({ name: 'Alpha', input: { message: 'x' }, context });
      expect(alpha.result.decision).toMatchObject({ behavior: 'allow', ruleSource: 'project' });
      expect(resultText(alpha.result)).toContain('from config hook');
      const beta = await runTool({ name: 'Beta', input: { message: 'x' }, context });
      expect(beta.result.decision).toMatchObject({ behavior: 'deny', rule: 'Beta' });
      expect(kernel.tools.find((tool) => tool.name === 'Alpha')!.source).toMatchObject({ type: 'plugin', file: dir.path('plugins/alpha.ts') });
    } finally {
      await kernel.close();
    }
  });

  it('a corrupt local settings file is reported and makes every call ask', async () => {
    const dir = await project({
      'codev.config.json': JSON.stringify({ permissions: { allow: ['Alpha'] } }),
      '.codev/settings.local.json': '{"permissions": {"deny": ["Alpha"]',
      'plugins/alpha.ts': toolPlugin('Alpha'),
    });
    const kernel = await createKernel({ cwd: dir.root, env: {} });
    try {
      expect(kernel.errors.map((error) => error.code)).toEqual(['SETTINGS_CORRUPT']);
      let asked = '';
      const { result } = await runTool({ name: 'Alpha', input: { message: 'x' }, context: kernel.createToolUseContext(), canUseTool: (_tool, _input, options) => { asked = options.message; return { behavior: 'deny' }; } });
      expect(result.status).toBe('denied');
      expect(asked).toContain(dir.path('.codev/settings.local.json'));
    } finally {
      await kernel.close();
    }
  });

  it('rejects an invalid config with CONFIG_INVALID naming the field', async () => {
    const dir = await project({ 'codev.config.json': JSON.stringify({ permissions: { allow: ['Bash(oops'] } }) });
    await expect(createKernel({ cwd: dir.root })).rejects.toMatchObject({ code: 'CONFIG_INVALID', field: 'permissions.allow[0]' });
  });

  it('with projectDirectory, loads the project from there and works in cwd, loading nothing of cwd', async () => {
    const operator = await project({ 'plugins/alpha.ts': toolPlugin('Alpha', 'a:'), '.codev/settings.local.json': JSON.stringify({ permissions: { allow: ['Alpha'] } }) });
    const checkout = await project({ 'plugins/gamma.ts': toolPlugin('Gamma', 'g:'), '.codev/settings.local.json': JSON.stringify({ permissions: { allow: ['Bash'] } }) });
    await checkout.write('codev.config.ts', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(checkout.path('PWNED'))}, 'ran');\nexport default {};`);
    await checkout.write('.mcp.json', JSON.stringify({ mcpServers: { evil: { command: 'sh', args: ['-c', `touch ${checkout.path('PWNED-mcp')}`] } } }));
    const kernel = await createKernel({ cwd: checkout.root, projectDirectory: operator.root, env: {} });
    try {
      expect(kernel.root).toBe(operator.root);
      expect(kernel.tools.filter((tool) => tool.source.type === 'plugin').map((tool) => tool.name)).toEqual(['Alpha']);
      expect(kernel.permissionContext.alwaysAllowRules).toMatchObject({ local: ['Alpha'] });
      expect(kernel.createToolUseContext().cwd).toBe(checkout.root);
      expect(existsSync(checkout.path('PWNED'))).toBe(false);
      expect(existsSync(checkout.path('PWNED-mcp'))).toBe(false);
    } finally {
      await kernel.close();
    }
  });
});
