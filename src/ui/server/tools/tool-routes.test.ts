import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel } from '../../../index.ts';
import type { Kernel } from '../../../kernel/types.ts';
import type { UiExplanation, UiToolPool } from '../../types.ts';
import type { UiServerContext } from '../types.ts';
import { serveUiRoutes, type RoutesServer } from '../fleet/test-fixtures/serve-ui-routes.ts';
import { toolRoutes } from './tool-routes.ts';

// Inside the repo, so that a plugin resolves `zod` and `codev/plugin` the way a user's does.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// Its real path: the working-directory policy judges real paths (node_modules may be a link).
const PROJECT = path.join(realpathSync(path.join(REPO, 'node_modules')), '.cache', `codev-ui-tools-test-${process.pid}`);
const pluginOf = (name: string, description: string) => `import { buildTool } from 'codev/plugin';
import { z } from 'zod';
export default buildTool({
  name: '${name}',
  description: ${JSON.stringify(description)},
  inputSchema: z.object({ text: z.string() }),
  isReadOnly: () => true,
  async call({ text }) { return { data: text }; },
});
`;

let kernel: Kernel;
let server: RoutesServer;

beforeAll(async () => {
  mkdirSync(path.join(PROJECT, 'plugins'), { recursive: true });
  writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "ui-tools-test", "private": true }\n');
  writeFileSync(path.join(PROJECT, 'codev.config.ts'), "export default { permissions: { allow: ['Bash(ls:*)'], deny: ['Bash(rm:*)'] } };\n");
  writeFileSync(path.join(PROJECT, 'plugins/note.ts'), pluginOf('Note', 'Writes a note\nSecond line of the note tool'));
  kernel = await createKernel({ cwd: PROJECT, watch: true, mcp: false });
  server = await serveUiRoutes({ routes: toolRoutes(), context: { projectRoot: PROJECT, kernel } as Omit<UiServerContext, 'signal'> });
});
afterAll(async () => {
  await server?.close();
  await kernel?.close();
  rmSync(PROJECT, { recursive: true, force: true });
});

describe('tool routes', () => {
  it('lists the pool as codev tools describes it: source, summary (the first line), read-only, the mode', async () => {
    const { status, json } = (await server.request('GET', '/api/tools')) as { status: number; json: UiToolPool };
    expect(status).toBe(200);
    expect(json.errors).toEqual([]);
    expect(json.mode).toBe('default');
    expect(json.tools.find((tool) => tool.name === 'Note')).toMatchObject({ source: expect.stringMatching(/^plugin .*note\.ts$/), summary: 'Writes a note', readOnly: true });
    expect(json.tools.find((tool) => tool.name === 'Bash')).toMatchObject({ source: 'builtin', readOnly: false });
    expect(json.tools.find((tool) => tool.name === 'Read')).toMatchObject({ readOnly: true });
  });

  it('a plugin written into the project reloads the pool: a new generation, sent on the stream', async () => {
    const before = ((await server.request('GET', '/api/tools')).json as UiToolPool).generation;
    const seen = server.events('/api/tools/events', (pool: UiToolPool) => pool.tools.some((tool) => tool.name === 'Stamp'));
    // The stream listens before the file is written (its first read answers once it is open).
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(path.join(PROJECT, 'plugins/stamp.ts'), pluginOf('Stamp', 'Stamps a page'));
    const pools = (await seen) as UiToolPool[];
    expect(pools.at(-1)!.generation).toBeGreaterThan(before);
    expect(pools.at(-1)!.tools.find((tool) => tool.name === 'Stamp')).toMatchObject({ summary: 'Stamps a page' });
    expect(((await server.request('GET', '/api/tools')).json as UiToolPool).generation).toBe(pools.at(-1)!.generation);
  }, 30_000);

  it('explains Bash rm -rf / as denied by its rule, with the shell analysis, and ls as allowed', async () => {
    const denied = await server.request('POST', '/api/explain', { tool: 'Bash', input: 'rm -rf /' });
    expect(denied.status).toBe(200);
    const explanation = denied.json as UiExplanation;
    expect(explanation.decision).toBe('deny');
    expect(explanation.verdict.rule).toMatchObject({ rule: 'Bash(rm:*)' });
    expect(explanation.shell[0]).toMatchObject({ command: 'rm -rf /', parsed: true });
    expect(explanation.shell[0]!.commands[0]).toMatchObject({ text: 'rm -rf /', deniedBy: { rule: 'Bash(rm:*)', behavior: 'deny' } });
    const allowed = (await server.request('POST', '/api/explain', { tool: 'Bash', input: { command: 'ls -la' } })).json as UiExplanation;
    expect(allowed.decision, JSON.stringify(allowed.verdict)).toBe('allow');
  });

  it('explains a call in the mode asked: a write asks in default mode, is allowed in acceptEdits', async () => {
    const file = path.join(PROJECT, 'notes.md');
    const asked = (await server.request('POST', '/api/explain', { tool: 'Write', input: file })).json as UiExplanation;
    expect([asked.mode, asked.decision]).toEqual(['default', 'ask']);
    const accepted = (await server.request('POST', '/api/explain', { tool: 'Write', input: file, mode: 'acceptEdits' })).json as UiExplanation;
    expect([accepted.mode, accepted.decision], JSON.stringify(accepted.verdict)).toEqual(['acceptEdits', 'allow']);
  });

  it('refuses a tool the pool lacks (TOOL_NOT_FOUND, 404) and an input or mode that is none (INPUT_INVALID, 400)', async () => {
    expect(await server.request('POST', '/api/explain', { tool: 'Nope', input: 'x' })).toMatchObject({ status: 404, json: { error: { code: 'TOOL_NOT_FOUND' } } });
    expect(await server.request('POST', '/api/explain', { tool: 'Note', input: 'bare text' })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
    expect(await server.request('POST', '/api/explain', { tool: 'Bash', input: '{not json' })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
    expect(await server.request('POST', '/api/explain', { tool: 'Bash', input: 'ls', mode: 'yolo' })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
    expect(await server.request('POST', '/api/explain', { tool: 'Bash', input: 42 })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
  });
});
