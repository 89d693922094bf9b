import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from './tool/build-tool.ts';
import { createTestKernel, type TestKernel } from './testing/create-test-kernel.ts';
import { resultText, runTool } from './testing/run-tool.ts';
import { getAllBaseTools } from './tools/get-all-base-tools.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

describe('the public entries a plugin imports', () => {
  // Inside the repo, where `codev` would also resolve the Node way (to a second copy, whose classes differ).
  it('serves `codev` and `codev/plugin` as the host\'s own modules', async () => {
    const plugin = `import { buildTool, CodevError } from 'codev/plugin';
import * as codev from 'codev';
import { z } from 'zod';
export default buildTool({
  name: 'Entries',
  description: 'Says whether both entries are the host\\'s',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  async call() {
    return { data: [buildTool === codev.buildTool, CodevError === codev.CodevError, typeof codev.createAgent].join(' ') };
  },
});
`;
    const test = await start({ files: { 'plugins/entries.ts': plugin }, baseTools: [], directory: path.join(REPO, 'node_modules', '.cache') });
    expect(test.kernel.tools.map((tool) => tool.name)).toEqual(['Entries']);
    const { result } = await runTool({ name: 'Entries', input: {}, context: test.kernel.createToolUseContext(), canUseTool: () => ({ behavior: 'allow' }) });
    expect(resultText(result)).toBe('true true function');
  });
});
