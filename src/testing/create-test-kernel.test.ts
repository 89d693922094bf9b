import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestKernel } from './create-test-kernel.ts';
import { resultText, runTool } from './run-tool.ts';

const repoCache = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache');
const buildTool = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tool/build-tool.ts');

describe('createTestKernel', () => {
  it('loads a throwaway project and removes it', async () => {
    const { kernel, root, cleanup } = await createTestKernel({
      directory: repoCache,
      files: {
        'codev.config.json': JSON.stringify({ permissions: { deny: ['Shout(text:*!*)'] } }),
        'plugins/shout.ts': `import { z } from 'zod';\nimport { buildTool } from '${buildTool}';\nexport default buildTool({ name: 'Shout', description: 'Upper-case', inputSchema: z.object({ text: z.string() }), call: ({ text }) => ({ data: text.toUpperCase() }) });\n`,
      },
    });
    try {
      expect(kernel.tools.filter((tool) => tool.source.type === 'plugin').map((tool) => tool.name)).toEqual(['Shout']);
      const context = kernel.createToolUseContext();
      expect(resultText((await runTool({ name: 'Shout', input: { text: 'hi' }, context })).result)).toBe('HI');
      expect((await runTool({ name: 'Shout', input: { text: 'hi!' }, context })).result.status).toBe('denied');
    } finally {
      await cleanup();
    }
    expect(existsSync(root)).toBe(false);
  });
});
