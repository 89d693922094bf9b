import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CONFIG, metaOf, serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// The recheck after a reload (see recheck-after-reload.ts) is itself a wait: it runs the reloaded PreToolUse hooks,
// which may take seconds (a hook command). A second reload landing meanwhile (a deny rule added) must hold for the
// call too: the answer is judged on the project as it is when the call goes ahead, not as it was when the recheck began.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
  delete (globalThis as { __codevSlowHook?: unknown }).__codevSlowHook;
});

/** A PreToolUse hook on Bash that lets the call through, once `globalThis.__codevSlowHook` (the test's) has run. */
const WITH_SLOW_HOOK = CONFIG.replace('hooks: [', "hooks: [defineHook({ event: 'PreToolUse', name: 'slow', matcher: 'Bash', handler: async () => { await globalThis.__codevSlowHook?.(); return undefined; } }), ");

it('a reload while the recheck runs the reloaded hooks is judged too: its deny rule denies the call', { timeout: 60_000 }, async () => {
  const project = await serveTestProject();
  served.push(project);
  const config = path.join(project.root, 'codev.config.ts');
  let ranOnce = false;
  (globalThis as { __codevSlowHook?: () => Promise<void> }).__codevSlowHook = async () => {
    if (ranOnce) return;
    ranOnce = true;
    // While the hook runs: the project gets a deny rule for the call.
    writeFileSync(config, WITH_SLOW_HOOK.replace("deny: ['Bash(rm:*)'", "deny: ['Bash(touch:*)', 'Bash(rm:*)'"));
    expect((await project.test.kernel.reload()).ok).toBe(true);
  };
  const { client } = await project.connect({
    elicit: async () => {
      // While the call waits for its answer: the slow hook is added.
      writeFileSync(config, WITH_SLOW_HOOK);
      expect((await project.test.kernel.reload()).ok).toBe(true);
      return { action: 'accept', content: { decision: 'allow_once' } };
    },
  });
  const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch late.made' } });
  expect(ranOnce, 'the reloaded hook was asked').toBe(true);
  expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
  expect(existsSync(path.join(project.root, 'late.made'))).toBe(false);
});
