import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolUseUpdate } from '../execution/types.ts';
import { runToolUse } from '../execution/run-tool-use.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';
import { allow, createScriptProject, json } from './command/test-fixtures/command-hooks.ts';
import { defineHook } from './define-hook.ts';
import type { ToolHook } from './types.ts';

const { root, script, hook: commandHook, context } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const working = buildTool({
  name: 'Work',
  description: 'd',
  inputSchema: z.object({}),
  call: (_input, { onProgress }) => {
    onProgress({ type: 'tool_step', step: 1 } as never);
    return { data: 'done' };
  },
});
const broken = buildTool({ name: 'Broken', description: 'd', inputSchema: z.object({}), call: () => { throw new Error('disk on fire'); } });

/** Every update of one call, progress as `<hookEvent>:<hookName>:<status>` (or the payload type), the result as `result:<status>`. */
async function trace(options: { name: string; hooks: readonly ToolHook[] }) {
  const updates: ToolUseUpdate[] = [];
  const toolUse = { type: 'tool_use' as const, id: `toolu_${options.name}`, name: options.name, input: {} };
  const made = createTestContext({ tools: [working, broken], hooks: options.hooks, cwd: root });
  for await (const update of runToolUse(toolUse, undefined, allow, made)) updates.push(update);
  const labels = updates.map((update) => {
    if (update.type === 'result') return `result:${update.status}`;
    const progress = update.progress as { type: string; hookEvent?: string; hookName?: string; status?: string };
    return progress.type === 'hook_progress' ? `${progress.hookEvent}:${progress.hookName}:${progress.status}` : progress.type;
  });
  return { updates, labels };
}

describe('hook progress', () => {
  it('in-process hooks report started and completed around the call, all before the result', async () => {
    const pre = defineHook({ event: 'PreToolUse', name: 'pre', handler: () => undefined });
    const post = defineHook({ event: 'PostToolUse', name: 'post', handler: () => ({ additionalContext: 'noted' }) });
    const { updates, labels } = await trace({ name: 'Work', hooks: [pre, post] });
    expect(labels).toEqual(['PreToolUse:pre:started', 'PreToolUse:pre:completed', 'tool_step', 'PostToolUse:post:started', 'PostToolUse:post:completed', 'result:ok']);
    expect(updates[0]).toEqual({ type: 'progress', toolUseId: 'toolu_Work', toolName: 'Work', progress: { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'pre', status: 'started' } });
  });

  it('a hook that throws or times out reports failed with a short message', async () => {
    const throwing = defineHook({ event: 'PreToolUse', name: 'guard', handler: () => { throw new Error('policy server down\nstack...'); } });
    const denied = await trace({ name: 'Work', hooks: [throwing] });
    expect(denied.labels).toEqual(['PreToolUse:guard:started', 'PreToolUse:guard:failed', 'result:denied']);
    expect(denied.updates[1]).toMatchObject({ progress: { status: 'failed', message: "Hook 'guard' failed: policy server down" } });

    const slow = defineHook({ event: 'PostToolUse', name: 'slow', timeout: 20, handler: () => new Promise(() => {}) });
    const after = defineHook({ event: 'PostToolUse', name: 'after', handler: () => undefined });
    const timedOut = await trace({ name: 'Work', hooks: [slow, after] });
    expect(timedOut.labels).toEqual(['tool_step', 'PostToolUse:slow:started', 'PostToolUse:slow:failed', 'PostToolUse:after:started', 'PostToolUse:after:completed', 'result:ok']);
    expect(timedOut.updates[2]).toMatchObject({ progress: { message: "Hook 'slow' did not answer within 20 ms" } });
  });

  it('PostToolUseFailure hooks report progress before the error result', async () => {
    const onFailure = defineHook({ event: 'PostToolUseFailure', name: 'report', handler: () => ({ additionalContext: 'check the disk' }) });
    const { labels } = await trace({ name: 'Broken', hooks: [onFailure] });
    expect(labels).toEqual(['PostToolUseFailure:report:started', 'PostToolUseFailure:report:completed', 'result:error']);
  });

  it('a hook that answers with a promise is reported started while it runs, and the hooks after it still report', async () => {
    let answer: (value: undefined) => void = () => {};
    const gate = new Promise<undefined>((resolve) => (answer = resolve));
    const waiting = defineHook({ event: 'PreToolUse', name: 'waiting', handler: () => gate });
    const next = defineHook({ event: 'PreToolUse', name: 'next', handler: () => undefined });
    const labels: string[] = [];
    const toolUse = { type: 'tool_use' as const, id: 'toolu_live', name: 'Work', input: {} };
    for await (const update of runToolUse(toolUse, undefined, allow, createTestContext({ tools: [working], hooks: [waiting, next], cwd: root }))) {
      const progress = update.type === 'progress' ? (update.progress as { type: string; hookName?: string; status?: string }) : undefined;
      labels.push(update.type === 'result' ? `result:${update.status}` : progress?.type === 'hook_progress' ? `${progress.hookName}:${progress.status}` : String(progress?.type));
      // The hook answers only once its `started` has reached the caller: buffered progress would never get here.
      if (progress?.hookName === 'waiting' && progress.status === 'started') answer(undefined);
    }
    expect(labels).toEqual(['waiting:started', 'waiting:completed', 'next:started', 'next:completed', 'tool_step', 'result:ok']);
  });

  it('hooks that do not match report nothing', async () => {
    const other = defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => undefined });
    expect((await trace({ name: 'Work', hooks: [other] })).labels).toEqual(['tool_step', 'result:ok']);
  });
});

describe('command hook progress', () => {
  it('a script that answers reports started and completed', async () => {
    const pre = commandHook({ event: 'PreToolUse', name: 'lint', command: script('progress-ok.sh', json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })) });
    const post = commandHook({ event: 'PostToolUse', name: 'node-post', command: `node -e "process.stdin.resume(); process.stdin.on('end', () => console.log('{}'))"` });
    const { result, progress } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([pre, post]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(progress.map((update) => update.progress)).toEqual([
      { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'lint', status: 'started' },
      { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'lint', status: 'completed' },
      { type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'node-post', status: 'started' },
      { type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'node-post', status: 'completed' },
    ]);
  });

  it('exit 2 (blocking) and a non-blocking failure report failed with the reason', async () => {
    const blocker = commandHook({ event: 'PreToolUse', name: 'exit2', command: script('progress-exit2.sh', 'cat >/dev/null; echo "rm -rf is not allowed" >&2; exit 2') });
    const blocked = await runTool({ name: 'Note', input: { text: 'x' }, context: context([blocker]), canUseTool: allow });
    expect(blocked.result.status).toBe('denied');
    expect(blocked.progress.map((update) => update.progress)).toEqual([
      { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'exit2', status: 'started' },
      { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'exit2', status: 'failed', message: 'rm -rf is not allowed' },
    ]);

    const flaky = commandHook({ event: 'PostToolUse', name: 'flaky', command: 'cat >/dev/null; echo "lint crashed" >&2; exit 1' });
    const proceeded = await runTool({ name: 'Note', input: { text: 'x' }, context: context([flaky]), canUseTool: allow });
    expect(proceeded.result.status).toBe('ok');
    expect(proceeded.progress.at(-1)?.progress).toEqual({ type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'flaky', status: 'failed', message: 'Failed with non-blocking status code 1: lint crashed' });
  });
});
