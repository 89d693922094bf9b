/** Shared fixtures of the command hook tests: a temp project for scripts, tools and contexts. */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { createTestContext } from '../../../testing/create-test-context.ts';
import { buildTool } from '../../../tool/build-tool.ts';
import type { ToolHook } from '../../types.ts';
import { defineCommandHook } from '../define-command-hook.ts';
import type { CommandHookConfig } from '../types.ts';

/** A fresh temp project for hook scripts; remove it with `rmSync(root, { recursive: true })`. */
export function createScriptProject() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-command-hooks-'));
  const reports: string[] = [];
  return {
    root,
    /** Non-blocking failures reported by hooks made with `hook()`. */
    reports,
    /** Writes an executable bash script into the project and returns its relative command. */
    script(name: string, body: string): string {
      writeFileSync(path.join(root, name), `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(path.join(root, name), 0o755);
      return `./${name}`;
    },
    hook(config: CommandHookConfig): ToolHook {
      return defineCommandHook(config, { projectDir: root, sessionId: 'session-1', onError: (message) => reports.push(message) });
    },
    /** A test context in the project with the fixture tools; kernel warnings land in `warnings`. */
    context(hooks: readonly ToolHook[], options: { signal?: AbortSignal } = {}) {
      const made = createTestContext({ tools, hooks, cwd: root, signal: options.signal });
      const warnings: string[] = [];
      made.onWarning = (message) => warnings.push(message);
      return Object.assign(made, { warnings });
    },
  };
}

/** Every input the Note tool was called with. */
export const received: Record<string, unknown>[] = [];
export const note = buildTool({
  name: 'Note',
  description: 'Store a note',
  inputSchema: z.object({ text: z.string(), tags: z.array(z.string()).default([]) }),
  outputSchema: z.object({ stored: z.string() }),
  call: (input) => { received.push(input); return { data: { stored: input.text } }; },
  mapToolResultToToolResultBlockParam: (output, id) => ({ type: 'tool_result', tool_use_id: id, content: `stored: ${output.stored}` }),
});
const failingTool = buildTool({ name: 'Broken', description: 'd', inputSchema: z.object({}), call: () => { throw new Error('disk on fire'); } });
const mcpLike = buildTool({ name: 'mcp__srv__get', description: 'd', inputSchema: z.object({}), isMcp: true, call: () => ({ data: 'raw' }) });
export const tools = [note, failingTool, mcpLike];
export const allow = () => ({ behavior: 'allow' as const });

/** A script body that drains stdin and prints `value` as JSON. */
export const json = (value: unknown) => `cat >/dev/null; echo '${JSON.stringify(value)}'`;

/** True once a process has exited (a zombie waiting for its reaper counts as exited). */
export function isGone(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }
  return stat.split(') ')[1]?.startsWith('Z') ?? true;
}
