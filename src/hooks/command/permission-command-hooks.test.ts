import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CanUseTool } from '../../permissions/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';
import type { ToolHook } from '../types.ts';
import { createScriptProject, json } from './test-fixtures/command-hooks.ts';
import { defineCommandHook } from './define-command-hook.ts';

const { root, reports, script, hook } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const deployed: string[] = [];
const deploy = buildTool({
  name: 'Deploy',
  description: 'Deploy',
  inputSchema: z.object({ target: z.string() }),
  checkPermissions: () => ({ behavior: 'passthrough' }),
  call: ({ target }) => { deployed.push(target); return { data: `deployed ${target}` }; },
});
/** A context in the script project whose every ask reaches the hooks; kernel warnings land in `warnings`. */
function context(hooks: readonly ToolHook[]) {
  const made = createTestContext({ tools: [deploy], hooks, cwd: root });
  const warnings: string[] = [];
  made.onWarning = (message) => warnings.push(message);
  return Object.assign(made, { warnings });
}
const decide = (decision: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });
const denyAll: CanUseTool = () => ({ behavior: 'deny', message: 'nobody can approve this' });

describe('command hooks: PermissionRequest', () => {
  it('a script auto-approves: it reads the snake_case prompt (no tool_use_id) and canUseTool is not called', async () => {
    const dump = path.join(root, 'permission.json');
    const approve = hook({ event: 'PermissionRequest', matcher: 'Deploy', command: script('approve.sh', `cat > "${dump}"; echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })}'`) });
    const { result } = await runTool({ name: 'Deploy', input: { target: 'staging' }, context: context([approve]), canUseTool: denyAll });
    expect(result.status).toBe('ok');
    expect(result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });
    expect(JSON.parse(readFileSync(dump, 'utf8'))).toEqual({
      session_id: 'session-1',
      transcript_path: '',
      cwd: root,
      permission_mode: 'default',
      hook_event_name: 'PermissionRequest',
      tool_name: 'Deploy',
      tool_input: { target: 'staging' },
      permission_suggestions: [{ type: 'addRules', rules: [{ toolName: 'Deploy' }], behavior: 'allow', destination: 'localSettings' }],
    });
  });

  it('deny: the model reads the message; interrupt and continue: false end the turn', async () => {
    const deny = hook({ event: 'PermissionRequest', command: decide({ behavior: 'deny', message: 'deploys are frozen', interrupt: true }) });
    const { result } = await runTool({ name: 'Deploy', input: { target: 'prod' }, context: context([deny]), canUseTool: () => ({ behavior: 'allow' }) });
    expect([result.status, resultText(result), result.interrupt]).toEqual(['denied', 'deploys are frozen', true]);
    const halt = hook({ event: 'PermissionRequest', command: json({ continue: false, stopReason: 'maintenance', hookSpecificOutput: { decision: { behavior: 'allow' } } }) });
    const halted = await runTool({ name: 'Deploy', input: { target: 'prod' }, context: context([halt]), canUseTool: () => ({ behavior: 'allow' }) });
    expect([halted.result.status, resultText(halted.result), halted.result.interrupt]).toEqual(['denied', 'maintenance', true]);
  });

  it("updatedInput replaces the input; updatedPermissions in Claude Code's shape are saved (localSettings) or kept for the session", async () => {
    reports.length = 0;
    const permissions = [
      { type: 'addRules', rules: [{ toolName: 'Deploy' }], behavior: 'allow', destination: 'localSettings' },
      { type: 'addRules', rules: ['Bash(make test)', { toolName: '(bad' }], behavior: 'allow', destination: 'projectSettings' },
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
    ];
    const rewrite = hook({ event: 'PermissionRequest', name: 'rewrite', command: decide({ behavior: 'allow', updatedInput: { target: 'canary' }, updatedPermissions: permissions }) });
    const made = context([rewrite]);
    const { result } = await runTool({ name: 'Deploy', input: { target: 'prod' }, context: made, canUseTool: denyAll });
    expect(resultText(result)).toBe('deployed canary');
    expect(JSON.parse(readFileSync(made.localSettingsFile!, 'utf8'))).toEqual({ permissions: { allow: ['Deploy'] } });
    expect(made.permissionContext.alwaysAllowRules).toMatchObject({ local: ['Deploy'], session: ['Bash(make test)'] });
    expect(reports).toEqual([expect.stringContaining('invalid rule')]);
    expect(reports[0]).toContain('"projectSettings" is not supported');
    expect(reports[0]).toContain('updatedPermissions[2] is not supported');
  });

  it('exit 2 is not honoured: it is reported and the prompt goes on to canUseTool', async () => {
    const blocker = defineCommandHook({ event: 'PermissionRequest', name: 'blocker', command: 'cat >/dev/null; echo "never deploy" >&2; exit 2' }, { projectDir: root });
    const failing = defineCommandHook({ event: 'PermissionRequest', onFailure: 'block', command: 'exit 1' }, { projectDir: root });
    const made = context([blocker, failing]);
    const { result } = await runTool({ name: 'Deploy', input: { target: 'prod' }, context: made, canUseTool: () => ({ behavior: 'allow' }) });
    expect(result.status).toBe('ok');
    expect(result.decision?.source).toBe('user_temporary');
    expect(made.warnings).toEqual([expect.stringContaining('exit code 2 does not block PermissionRequest: never deploy'), expect.stringContaining('non-blocking status code 1')]);
  });

  it('the matcher tests the tool name', async () => {
    const dump = path.join(root, 'unmatched.json');
    const other = hook({ event: 'PermissionRequest', matcher: 'Bash|Edit', command: `cat > "${dump}"; echo '${JSON.stringify({ hookSpecificOutput: { decision: { behavior: 'allow' } } })}'` });
    const { result } = await runTool({ name: 'Deploy', input: { target: 'prod' }, context: context([other]), canUseTool: denyAll });
    expect(result.status).toBe('denied');
    expect(existsSync(dump)).toBe(false);
  });
});
