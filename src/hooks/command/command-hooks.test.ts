import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../../errors/codev-error.ts';
import type { AgentScope } from '../../tool/agent-scope.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { allow, createScriptProject, isGone, json, received } from './test-fixtures/command-hooks.ts';
import { defineCommandHook } from './define-command-hook.ts';

const { root, reports, script, hook, context } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const pre = (output: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...output } });

describe('command hooks: PreToolUse', () => {
  it('allow, deny and ask via JSON (and the legacy decision field)', async () => {
    const allowHook = hook({ event: 'PreToolUse', command: script('allow.sh', json(pre({ permissionDecision: 'allow' }))) });
    const guarded = buildTool({ name: 'Careful', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'ok' }) });
    const allowed = await runTool({ name: 'Careful', context: createTestContext({ tools: [guarded], hooks: [allowHook] }) });
    expect(allowed.result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });

    const denyHook = hook({ event: 'PreToolUse', name: 'guard', command: script('deny.sh', json(pre({ permissionDecision: 'deny', permissionDecisionReason: 'not today' }))) });
    const denied = await runTool({ name: 'Note', input: { text: 'x' }, context: context([denyHook]), canUseTool: allow });
    expect(denied.result.status).toBe('denied');
    expect(resultText(denied.result)).toBe("Hook 'guard' blocked this action: not today");

    let asked = 0;
    const askHook = hook({ event: 'PreToolUse', command: script('ask.sh', json(pre({ permissionDecision: 'ask', permissionDecisionReason: 'sure?' }))) });
    const asking = await runTool({ name: 'Note', input: { text: 'x' }, context: context([askHook]), canUseTool: () => { asked++; return { behavior: 'allow' }; } });
    expect(asking.result.status).toBe('ok');
    expect(asked).toBe(1);

    const legacy = hook({ event: 'PreToolUse', command: script('legacy.sh', json({ decision: 'block', reason: 'old style' })) });
    const legacyDenied = await runTool({ name: 'Note', input: { text: 'x' }, context: context([legacy]), canUseTool: allow });
    expect(resultText(legacyDenied.result)).toContain('old style');
  });

  it('exit 2 blocks with stderr as the reason, even when the JSON says allow', async () => {
    const blocker = hook({ event: 'PreToolUse', name: 'exit2', command: script('exit2.sh', `echo '${JSON.stringify(pre({ permissionDecision: 'allow' }))}'; echo "rm -rf is not allowed" >&2; exit 2`) });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([blocker]), canUseTool: allow });
    expect(result.status).toBe('denied');
    expect(resultText(result)).toBe("Hook 'exit2' blocked this action: rm -rf is not allowed");
  });

  it('exit 1 is non-blocking: the call proceeds and the failure is reported', async () => {
    reports.length = 0;
    const broken = hook({ event: 'PreToolUse', name: 'flaky', command: script('exit1.sh', 'echo "lint crashed" >&2; exit 1') });
    const before = received.length;
    const { result } = await runTool({ name: 'Note', input: { text: 'go' }, context: context([broken]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(received.length).toBe(before + 1);
    expect(reports).toEqual(['flaky hook error: Failed with non-blocking status code 1: lint crashed']);
  });

  it("onFailure: 'block' fails closed; a missing script is a non-blocking error otherwise", async () => {
    reports.length = 0;
    const missing = hook({ event: 'PreToolUse', command: './no-such-script.sh' });
    expect((await runTool({ name: 'Note', input: { text: 'x' }, context: context([missing]), canUseTool: allow })).result.status).toBe('ok');
    expect(reports[0]).toContain('status code 127');
    const strict = hook({ event: 'PreToolUse', command: './no-such-script.sh', onFailure: 'block' });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([strict]), canUseTool: allow });
    expect(result.status).toBe('denied');
    expect(resultText(result)).toContain('onFailure: block');
  });

  it('applies updatedInput, and the lifecycle validates it again', async () => {
    const rewrite = hook({ event: 'PreToolUse', command: script('rewrite.sh', json(pre({ updatedInput: { text: 'rewritten', tags: ['hook'] } }))) });
    const { result } = await runTool({ name: 'Note', input: { text: 'original' }, context: context([rewrite]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(received.at(-1)).toEqual({ text: 'rewritten', tags: ['hook'] });
    const bad = hook({ event: 'PreToolUse', command: script('rewrite-bad.sh', json(pre({ updatedInput: { text: 5 } }))) });
    const invalid = await runTool({ name: 'Note', input: { text: 'original' }, context: context([bad]), canUseTool: allow });
    expect(invalid.result.status).toBe('invalid-input');
    expect(resultText(invalid.result)).toContain('A PreToolUse hook rewrote the input');
  });

  it('continue: false stops the call', async () => {
    const stop = hook({ event: 'PreToolUse', name: 'stopper', command: script('stop.sh', json({ continue: false, stopReason: 'budget spent' })) });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([stop]), canUseTool: allow });
    expect(result.status).toBe('stopped');
    expect(resultText(result)).toBe("Execution stopped by PreToolUse hook 'stopper': budget spent");
  });

  it('a timeout kills the process group and does not block', async () => {
    reports.length = 0;
    const pidFile = path.join(root, 'sleeper.pid');
    const slow = hook({ event: 'PreToolUse', name: 'slow', timeout: 0.3, command: script('slow.sh', `sleep 30 & echo $! > "${pidFile}"; wait`) });
    // The hook sleeps past the test's own timeout: only its 0.3 s timeout can end it.
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([slow]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(reports).toEqual(['slow hook error: timed out after 0.3 s']);
    const sleeper = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isGone(sleeper), { timeout: 3_000 }).toBe(true);
  });

  it('an interrupted call kills the running hook', async () => {
    const pidFile = path.join(root, 'interrupted.pid');
    const controller = new AbortController();
    const slow = hook({ event: 'PreToolUse', command: `sleep 30 & echo $! > "${pidFile}"; wait` });
    setTimeout(() => controller.abort(), 300);
    // The hook sleeps past the test's own timeout: only the interrupt can end it.
    await runTool({ name: 'Note', input: { text: 'x' }, context: context([slow], { signal: controller.signal }), canUseTool: allow });
    await expect.poll(() => isGone(Number(readFileSync(pidFile, 'utf8'))), { timeout: 3_000 }).toBe(true);
  });

  it('runs only for matching tools', async () => {
    const marker = path.join(root, 'matcher-ran');
    const bashOnly = hook({ event: 'PreToolUse', matcher: 'Bash|Edit', command: `touch "${marker}"; exit 2` });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([bashOnly]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(() => readFileSync(marker)).toThrow();
    const noteOnly = hook({ event: 'PreToolUse', matcher: 'No.*', command: 'echo matched >&2; exit 2' });
    expect((await runTool({ name: 'Note', input: { text: 'x' }, context: context([noteOnly]), canUseTool: allow })).result.status).toBe('denied');
  });

  it('gets the Claude Code input JSON on stdin, runs in the project root, with both project variables', async () => {
    const dump = path.join(root, 'stdin.json');
    const envDump = path.join(root, 'env.txt');
    const dumper = hook({ event: 'PreToolUse', command: script('dump.sh', `cat > "${dump}"; echo "$PWD|$CODEV_PROJECT_DIR|$CLAUDE_PROJECT_DIR" > "${envDump}"`) });
    await runTool({ name: 'Note', id: 'toolu_dump', input: { text: 'hello' }, context: context([dumper]), canUseTool: allow });
    expect(JSON.parse(readFileSync(dump, 'utf8'))).toEqual({
      session_id: 'session-1',
      transcript_path: '',
      cwd: root,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Note',
      tool_input: { text: 'hello', tags: [] },
      tool_use_id: 'toolu_dump',
    });
    const [cwd, codevDir, claudeDir] = readFileSync(envDump, 'utf8').trim().split('|');
    expect([cwd, codevDir, claudeDir].map((directory) => path.resolve(directory!))).toEqual([root, root, root].map((directory) => path.resolve(directory)));
  });

  it('adds agent_id and agent_type for a call made inside a subagent, and leaves them out for the main agent', async () => {
    const dump = path.join(root, 'subagent-stdin.json');
    const dumper = hook({ event: 'PreToolUse', command: `cat > "${dump}"` });
    const inSubagent = { ...context([dumper]), agent: { agentId: 'agent-7', agentType: 'Explore', depth: 1 } as AgentScope };
    await runTool({ name: 'Note', input: { text: 'x' }, context: inSubagent, canUseTool: allow });
    expect(JSON.parse(readFileSync(dump, 'utf8'))).toMatchObject({ hook_event_name: 'PreToolUse', agent_id: 'agent-7', agent_type: 'Explore' });
    const inMain = { ...context([dumper]), agent: { agentId: 'main', depth: 0 } as AgentScope };
    await runTool({ name: 'Note', input: { text: 'x' }, context: inMain, canUseTool: allow });
    const main = JSON.parse(readFileSync(dump, 'utf8'));
    expect(main.tool_name).toBe('Note');
    expect(main).not.toHaveProperty('agent_id');
    expect(main).not.toHaveProperty('agent_type');
  });

  it('throws HOOK_INVALID for a bad config', () => {
    const code = (run: () => unknown) => { try { run(); } catch (error) { return CodevError.isInstance(error) ? error.code : 'other'; } return 'none'; };
    expect(code(() => defineCommandHook({ event: 'PreToolUse', command: ' ' }, { projectDir: root }))).toBe('HOOK_INVALID');
    expect(code(() => defineCommandHook({ event: 'PreToolUse', command: 'true', timeout: 0 }, { projectDir: root }))).toBe('HOOK_INVALID');
  });
});

describe('command hooks: PostToolUse and PostToolUseFailure', () => {
  it('passes tool_response and adds additionalContext', async () => {
    const dump = path.join(root, 'post.json');
    const post = hook({ event: 'PostToolUse', command: script('post.sh', `cat > "${dump}"; echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'run the tests next' } })}'`) });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([post]), canUseTool: allow });
    expect(resultText(result)).toContain('<system-reminder>run the tests next</system-reminder>');
    expect(JSON.parse(readFileSync(dump, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUse', tool_response: { stored: 'x' }, duration_ms: expect.any(Number) });
  });

  it('decision block appends the reason; exit 2 appends stderr; updatedMCPToolOutput replaces MCP output', async () => {
    const block = hook({ event: 'PostToolUse', command: script('post-block.sh', json({ decision: 'block', reason: 'lint failed' })) });
    const exit2 = hook({ event: 'PostToolUse', command: script('post-exit2.sh', 'echo "format the file" >&2; exit 2') });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: context([block, exit2]), canUseTool: allow });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toContain('stored: x');
    expect(resultText(result)).toContain('lint failed');
    expect(resultText(result)).toContain('format the file');
    const replace = hook({ event: 'PostToolUse', matcher: 'mcp__srv__.*', command: script('post-mcp.sh', json({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'redacted' } })) });
    expect(resultText((await runTool({ name: 'mcp__srv__get', context: context([replace]), canUseTool: allow })).result)).toBe('redacted');
  });

  it('a failing post hook is reported through the kernel and changes nothing', async () => {
    const failing = defineCommandHook({ event: 'PostToolUse', name: 'audit', command: 'exit 3' }, { projectDir: root });
    const made = context([failing]);
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: made, canUseTool: allow });
    expect(resultText(result)).toBe('stored: x');
    expect(made.warnings.join('\n')).toContain('Failed with non-blocking status code 3');
  });

  it('PostToolUseFailure gets the error and may add context', async () => {
    const dump = path.join(root, 'failure.json');
    const onFailure = hook({ event: 'PostToolUseFailure', command: script('failure.sh', `cat > "${dump}"; echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'check the disk' } })}'`) });
    const { result } = await runTool({ name: 'Broken', context: context([onFailure]), canUseTool: allow });
    expect(result.status).toBe('error');
    expect(resultText(result)).toContain('check the disk');
    expect(JSON.parse(readFileSync(dump, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUseFailure', error: expect.stringContaining('disk on fire'), is_interrupt: false });
  });
});
