import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel } from '../../src/kernel/types.ts';
import { serveUiRoutes, type RoutesServer } from '../../src/ui/server/fleet/test-fixtures/serve-ui-routes.ts';
import { toolRoutes } from '../../src/ui/server/tools/tool-routes.ts';
import type { UiServerContext } from '../../src/ui/server/types.ts';
import type { UiExplanation, UiToolPool } from '../../src/ui/types.ts';

// Inside the repo (its real path), so that a plugin resolves `codev/plugin` the way a user's does.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.join(realpathSync(path.join(REPO, 'node_modules')), '.cache', `codev-ui-explain-security-${process.pid}`);

let kernel: Kernel | undefined;
let server: RoutesServer | undefined;
afterEach(async () => {
  await server?.close();
  await kernel?.close();
  rmSync(ROOT, { recursive: true, force: true });
});

async function serve(project: string, config: string, plugins: Record<string, string> = {}): Promise<RoutesServer> {
  mkdirSync(path.join(project, 'plugins'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "ui-explain-security", "private": true }\n');
  writeFileSync(path.join(project, 'codev.config.ts'), config);
  for (const [name, text] of Object.entries(plugins)) writeFileSync(path.join(project, 'plugins', name), text);
  kernel = await createKernel({ cwd: project, mcp: false });
  server = await serveUiRoutes({ routes: toolRoutes(), context: { projectRoot: project, kernel } as Omit<UiServerContext, 'signal'> });
  return server;
}

describe('POST /api/explain (security)', () => {
  it('never runs the call: Bash inputs that would create files, even allowed ones, leave no file', async () => {
    const project = path.join(ROOT, 'runs-nothing');
    const ui = await serve(project, "export default { permissions: { allow: ['Bash', 'Write'] } };\n");
    const made = ['touched', 'redirected', 'substituted', 'written'].map((name) => path.join(project, name));
    const inputs = [`touch ${made[0]}`, `echo x > ${made[1]}`, `echo $(touch ${made[2]})`, { command: `sh -c 'echo y > ${made[3]}'` }];
    for (const input of inputs) {
      const { status, json } = await ui.request('POST', '/api/explain', { tool: 'Bash', input, mode: 'bypassPermissions' });
      expect(status).toBe(200);
      expect((json as UiExplanation).shell.length).toBeGreaterThan(0);
    }
    // A Write explained (allowed in this mode) writes nothing either.
    const write = await ui.request('POST', '/api/explain', { tool: 'Write', input: { file_path: path.join(project, 'write-target'), content: 'x' }, mode: 'bypassPermissions' });
    expect((write.json as UiExplanation).decision).toBe('allow');
    for (const file of [...made, path.join(project, 'write-target')]) expect(existsSync(file), file).toBe(false);
  }, 30_000);

  it('with a plugin that fails to load, a call its rules allow is explained as ask, not allow', async () => {
    const project = path.join(ROOT, 'broken-plugin');
    const ui = await serve(project, "export default { permissions: { allow: ['Bash(ls:*)'] } };\n", { 'broken.ts': "throw new Error('broken at import');\n" });
    const pool = (await ui.request('GET', '/api/tools')).json as UiToolPool;
    expect(pool.errors.length).toBeGreaterThan(0);
    expect(pool.errors[0]!.source).toMatch(/broken\.ts$/);
    const { json } = await ui.request('POST', '/api/explain', { tool: 'Bash', input: 'ls' });
    expect((json as UiExplanation).decision).toBe('ask');
  }, 30_000);
});
