import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel } from '../../src/kernel/types.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';
import { allowAll, nextEvent, pluginLog, recordEvents, versionedPlugin } from './hot-reload-helpers.ts';

const projects: TempProject[] = [];
const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()));
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function watching(files: Record<string, string>): Promise<{ dir: TempProject; kernel: Kernel }> {
  const dir = await createTempProject({ files: { 'package.json': '{ "type": "module" }', ...files } });
  projects.push(dir);
  const kernel = await createKernel({ cwd: dir.root, watch: true, env: {}, mcp: false });
  kernels.push(kernel);
  return { dir, kernel };
}

const skill = (description: string, body = 'Do it.') => `---\ndescription: ${description}\n---\n${body}\n`;

async function useSkill(kernel: Kernel, name: string, args?: string) {
  const { result } = await runTool({ name: 'Skill', input: { skill: name, ...(args ? { args } : {}) }, context: kernel.createToolUseContext(), canUseTool: allowAll });
  return { status: result.status, text: resultText(result), output: result.output as { plugin?: string } | undefined };
}

async function listing(kernel: Kernel): Promise<string> {
  const tool = kernel.tools.find((candidate) => candidate.name === 'Skill')!;
  return tool.prompt({ permissionContext: kernel.permissionContext, tools: kernel.tools, agent: { projectRoot: kernel.root } as never });
}

describe('hot reload of skills and agent definitions', () => {
  it('a new, edited or removed SKILL.md makes a new generation without re-importing plugins', async () => {
    const log = `log-${randomUUID()}`;
    const { dir, kernel } = await watching({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const first = kernel.generation;
    expect(first.tools.some((tool) => tool.name === 'Skill')).toBe(true);
    expect((await useSkill(kernel, 'deploy')).status).toBe('invalid-input');

    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('skills/deploy/SKILL.md', skill('Deploy the app', 'Deploy to $1.'));
    const added = await reloaded;
    expect(added.generation.number).toBe(2);
    expect(added.previous).toBe(first);
    // The same registry in a new pool array, so an agent renders the tool prompts again.
    expect(added.generation.tools).not.toBe(first.tools);
    expect(added.generation.tools).toEqual(first.tools);
    expect(added.diff).toEqual({ tools: { added: [], removed: [], changed: [] }, hooks: { added: [], removed: [], changed: [] }, rules: { added: [], removed: [], changed: [] }, definitions: true });
    expect(kernel.generation).toBe(added.generation);
    expect(await useSkill(kernel, 'deploy', 'prod')).toMatchObject({ status: 'ok', text: expect.stringContaining('Deploy to prod.') });
    expect(await listing(kernel)).toContain('- deploy: Deploy the app');

    reloaded = nextEvent(kernel, 'reload');
    await dir.write('skills/deploy/SKILL.md', skill('Deploy v2'));
    expect((await reloaded).generation.number).toBe(3);
    expect(await listing(kernel)).toContain('- deploy: Deploy v2');

    reloaded = nextEvent(kernel, 'reload');
    await dir.remove('skills/deploy');
    expect((await reloaded).generation.number).toBe(4);
    expect((await useSkill(kernel, 'deploy')).status).toBe('invalid-input');
    expect(pluginLog(log)).toEqual(['setup v1']);
  });

  it("a plugin's skills folders are discovered and watched; a skill's own files reload nothing", async () => {
    const log = `log-${randomUUID()}`;
    const { dir, kernel } = await watching({ 'plugins/kit/index.ts': versionedPlugin({ name: 'Kit', version: 'v1', log }), 'plugins/skills/lint/SKILL.md': skill('Shared lint') });
    expect(await useSkill(kernel, 'lint')).toMatchObject({ status: 'ok', output: { plugin: dir.path('plugins') } });
    const events = recordEvents(kernel);

    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/kit/skills/review/SKILL.md', skill('Kit review'));
    await reloaded;
    expect(await useSkill(kernel, 'review')).toMatchObject({ status: 'ok', output: { plugin: dir.path('plugins/kit') } });
    expect(await listing(kernel)).toContain('- review: Kit review');
    // Not plugin code: the folder plugin was not imported again.
    expect(pluginLog(log)).toEqual(['setup v1']);

    // A script inside a skill changes nothing; the next reload is the sentinel's.
    await dir.write('plugins/kit/skills/review/scripts/check.ts', 'export {}');
    await dir.write('plugins/skills/lint/helper.sh', 'echo hi');
    await dir.write('plugins/skills/lint/README.md', 'notes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/other.ts', toolPlugin('Other'));
    expect((await reloaded).diff.tools.added).toEqual(['Other']);
    expect(events.reload.map((event) => event.generation.number)).toEqual([2, 3]);
  });

  it('a .codev/skills folder created later, and agents/*.md files, reload too', async () => {
    const { dir, kernel } = await watching({});
    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('.codev/skills/first/SKILL.md', skill('First'));
    await reloaded;
    await expect.poll(async () => (await useSkill(kernel, 'first')).status).toBe('ok');
    // Once the folder exists the watcher follows it; a second skill is seen too.
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('.codev/skills/second/SKILL.md', skill('Second'));
    await reloaded;
    expect(await listing(kernel)).toContain('- second: Second');

    for (const file of ['agents/reviewer.md', '.codev/agents/planner.md']) {
      reloaded = nextEvent(kernel, 'reload');
      await dir.write(file, '---\nname: x\ndescription: d\n---\nYou review.\n');
      expect((await reloaded).diff.tools.changed, file).toEqual([]);
    }
  });
});
