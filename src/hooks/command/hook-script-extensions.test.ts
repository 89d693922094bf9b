import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { writeTool } from '../../tools/Write/index.ts';
import { defineCommandHook } from './define-command-hook.ts';
import { findHookScriptFiles } from './find-hook-script-files.ts';

// A hook runs outside the sandbox, so the file it runs must not be writable without asking, whatever code
// extension it has: `npx tsx guard.cts` runs guard.cts as surely as `node guard.mjs` runs guard.mjs.
const root = '/demo/project';
for (const file of ['guard.cts', 'guard.tsx', 'guard.jsx', 'guard.mts', 'guard.cjs']) {
  it(`a hook command running ${file} by its bare name protects it`, () => {
    expect(findHookScriptFiles(`npx tsx ${file} --strict`, root)).toEqual([path.join(root, file)]);
  });
}

it('a Write to a .cts file a hook runs asks even in acceptEdits', async () => {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-hook-cts-')));
  const hooks = [defineCommandHook({ event: 'PreToolUse', command: 'npx tsx guard.cts' }, { projectDir: dir })];
  const context = createTestContext({ tools: [writeTool], hooks, cwd: dir, mode: 'acceptEdits' });
  const { result } = await runTool({ name: 'Write', input: { file_path: path.join(dir, 'guard.cts'), content: 'process.exit(0)\n' }, context });
  expect(result.status).toBe('denied');
  expect(result.decision?.reason?.type).toBe('safetyCheck');
});
