import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config.ts';
import { validateConfig } from '../../config/validate-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { codevModule } from '../../plugins/test-fixtures/create-temp-project.ts';
import { createTestKernel } from '../../testing/create-test-kernel.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { defineHook, isToolHook } from '../define-hook.ts';
import { allow, createScriptProject, note } from './test-fixtures/command-hooks.ts';
import { toToolHooks } from './to-tool-hooks.ts';

const { root, script, context } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('command hooks in the config', () => {
  it('accepts command entries beside defineHook objects', () => {
    const inProcess = defineHook({ event: 'PreToolUse', handler: () => undefined });
    const config = validateConfig({ value: { hooks: [inProcess, { event: 'PreToolUse', matcher: 'Bash', command: './hooks/check.sh', timeout: 30 }] } });
    expect(config.hooks[0]).toBe(inProcess);
    expect(config.hooks[1]).toEqual({ event: 'PreToolUse', matcher: 'Bash', command: './hooks/check.sh', timeout: 30 });
    const hooks = toToolHooks(config.hooks, { projectDir: root });
    expect(hooks.every(isToolHook)).toBe(true);
    expect(hooks[1]).toMatchObject({ event: 'PreToolUse', matcher: 'Bash', timeout: 35_000 });
    expect(toToolHooks(config.hooks, { projectDir: root })[1]).toBe(hooks[1]);
  });

  it("accepts Claude Code's nested settings shape and runs it through runTool", async () => {
    const command = script('nested.sh', 'echo "blocked by settings" >&2; exit 2');
    const config = validateConfig({ value: { hooks: { PreToolUse: [{ matcher: 'Note', hooks: [{ type: 'command', command, timeout: 10 }] }], PostToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } } });
    expect(config.hooks).toEqual([
      { event: 'PreToolUse', matcher: 'Note', command, timeout: 10 },
      { event: 'PostToolUse', command: 'true' },
    ]);
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context(toToolHooks(config.hooks, { projectDir: root })), canUseTool: allow });
    expect(result.status).toBe('denied');
    expect(resultText(result)).toContain('blocked by settings');
  });

  it('rejects bad command entries with CONFIG_INVALID naming the field', () => {
    const field = (value: unknown) => { try { validateConfig({ value: { hooks: value } }); } catch (error) { return CodevError.isInstance(error) && error.code === 'CONFIG_INVALID' ? error.field : 'other'; } return 'none'; };
    expect(field([{ event: 'PreToolUse' }])).toBe('hooks[0].command');
    expect(field([defineHook({ event: 'PreToolUse', handler: () => undefined }), { event: 'Nope', command: 'true' }])).toBe('hooks[1].event');
    expect(field([{ event: 'PreToolUse', matcher: '(', command: 'true' }])).toBe('hooks[0].matcher');
    expect(field([42])).toBe('hooks[0]');
    expect(field({ PreToolUse: [{ hooks: [{ type: 'http', url: 'http://x' }] }] })).toBe('hooks.PreToolUse[0].hooks[0].type');
    expect(field({ Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] })).toBe('hooks.Notification');
  });

  it('loads a codev.config.ts with the nested shape, and the kernel runs it in the project root', async () => {
    const config = `import { defineConfig } from '${codevModule('config/define-config.ts')}';
export default defineConfig({
  hooks: {
    PreToolUse: [{ matcher: 'Note', hooks: [{ type: 'command', command: 'echo "from $CLAUDE_PROJECT_DIR" >&2; exit 2', timeout: 10 }] }],
  },
});
`;
    const project = await createTestKernel({ files: { 'codev.config.ts': config }, extraTools: [note] });
    try {
      const loaded = await loadConfig({ cwd: project.root });
      expect(loaded.config.hooks).toEqual([{ event: 'PreToolUse', matcher: 'Note', command: 'echo "from $CLAUDE_PROJECT_DIR" >&2; exit 2', timeout: 10 }]);
      expect(project.kernel.errors).toEqual([]);
      expect(project.kernel.hooks.map((made) => made.name)).toEqual(['PreToolUse(Note): echo "from $CLAUDE_PROJECT_DIR" >&2; exit 2']);
      const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: project.kernel.createToolUseContext(), canUseTool: allow });
      expect(result.status).toBe('denied');
      expect(resultText(result)).toContain(`from ${project.kernel.root}`);
    } finally {
      await project.cleanup();
    }
  });
});
