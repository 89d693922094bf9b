import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { codevModule } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, createTestKernel, textReply, toolUseReply } from '../../src/testing/index.ts';

describe('the agent loop and reloads', () => {
  it('takes the latest generation at each turn; a turn already running keeps its own', async () => {
    const { kernel, root, cleanup } = await createTestKernel({
      directory: path.join(codevModule('..'), 'node_modules', '.cache'),
      files: { 'codev.config.json': '{ "permissions": { "allow": ["Greet"] } }', 'plugins/greet.ts': toolPlugin('Greet', 'old ') },
    });
    const server = await createFakeMessagesServer({
      script: async (_request, index) => {
        if (index === 1) {
          await writeFile(path.join(root, 'plugins/greet.ts'), toolPlugin('Greet', 'new '));
          const reloaded = await kernel.reload();
          expect(reloaded.ok).toBe(true);
        }
        return index < 3 ? toolUseReply('Greet', { message: `#${index}` }) : textReply('done');
      },
    });
    try {
      const agent = createAgent({ kernel, baseURL: server.url, maxRetries: 0, env: {} });
      const results: string[] = [];
      for await (const event of agent.query('greet three times')) {
        if (event.type === 'tool-result') results.push(String(event.block.content));
        if (event.type === 'end') expect(event.reason).toBe('end_turn');
      }
      expect(results).toEqual(['old #0', 'old #1', 'new #2']);
    } finally {
      await server.close();
      await cleanup();
    }
  });
});
