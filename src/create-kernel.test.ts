import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from './tool/build-tool.ts';
import { createTestKernel, type TestKernel } from './testing/create-test-kernel.ts';
import { resultText, runTool } from './testing/run-tool.ts';
import { getAllBaseTools } from './tools/get-all-base-tools.ts';

const kernels: TestKernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.cleanup()));
});

async function start(options: Parameters<typeof createTestKernel>[0] = {}): Promise<TestKernel> {
  const started = await createTestKernel({ mcp: false, env: {}, ...options });
  kernels.push(started);
  return started;
}

const builtinNames = (test: TestKernel) => test.kernel.tools.filter((tool) => tool.source.type === 'builtin').map((tool) => tool.name);

const ownBash = buildTool({
  name: 'Bash',
  description: 'A Bash of my own',
  inputSchema: z.object({ command: z.string() }),
  isReadOnly: () => true,
  async call({ command }) {
    return { data: `mine: ${command}` };
  },
});

describe('the built-in tool pack', () => {
  it('is composed by default, built-ins first and sorted', async () => {
    const test = await start();
    const names = builtinNames(test);
    expect(names).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'Write']));
    expect(names).toEqual([...names].sort());
    expect(test.kernel.tools.slice(0, names.length).map((tool) => tool.name)).toEqual(names);
  });

  it('can be left out (none), or given in part (some)', async () => {
    expect(builtinNames(await start({ baseTools: [] }))).toEqual([]);
    const some = await start({ baseTools: getAllBaseTools().filter((tool) => ['Read', 'Grep'].includes(tool.name)) });
    expect(builtinNames(some)).toEqual(['Grep', 'Read']);
  });

  it('lets a user replace one: their Bash runs through the lifecycle instead of codev\'s', async () => {
    const test = await start({ baseTools: getAllBaseTools().filter((tool) => tool.name !== 'Bash'), extraTools: [ownBash] });
    expect(test.kernel.tools.filter((tool) => tool.name === 'Bash')).toHaveLength(1);
    const { result } = await runTool({ name: 'Bash', input: { command: 'ls' }, context: test.kernel.createToolUseContext(), canUseTool: () => ({ behavior: 'allow' }) });
    expect(result.block.is_error).toBeFalsy();
    expect(resultText(result)).toBe('mine: ls');
  });

  it('goes through the deny rules and simple mode like any tool', async () => {
    expect(builtinNames(await start({ deny: ['Read'] }))).not.toContain('Read');
    expect(builtinNames(await start({ env: { CODEV_SIMPLE: '1' } }))).toEqual(['Bash', 'Edit', 'Read']);
  });
});
