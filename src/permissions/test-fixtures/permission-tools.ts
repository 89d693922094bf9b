/** Small tools for the permission tests: a shell, a file writer and reader, a fetcher, a plain tool. Not shipped. */
import { z } from 'zod';
import { buildTool } from '../../tool/build-tool.ts';

/** Every command the test shell ran. */
export const ranCommands: string[] = [];

/** A shell whose calls are command targets and whose own check has no opinion (the mode decides). */
export const testShell = buildTool({
  name: 'Bash',
  description: 'Run a command',
  inputSchema: z.object({ command: z.string(), run_in_background: z.boolean().optional(), sandboxed: z.boolean().optional() }),
  getPermissionTargets: ({ command, sandboxed }) => [{ kind: 'command', command, sandboxed }],
  checkPermissions: () => ({ behavior: 'passthrough' }),
  call: ({ command }) => {
    ranCommands.push(command);
    return { data: `ran ${command}` };
  },
});

export const testWrite = buildTool({
  name: 'Write',
  description: 'Write a file',
  inputSchema: z.object({ file_path: z.string(), content: z.string() }),
  getPermissionTargets: ({ file_path }) => [{ kind: 'path', path: file_path, access: 'write' }],
  call: ({ file_path }) => ({ data: `wrote ${file_path}` }),
});

export const testRead = buildTool({
  name: 'Read',
  description: 'Read a file',
  inputSchema: z.object({ file_path: z.string() }),
  isReadOnly: () => true,
  getPermissionTargets: ({ file_path }) => [{ kind: 'path', path: file_path, access: 'read' }],
  call: ({ file_path }) => ({ data: `read ${file_path}` }),
});

export const testFetch = buildTool({
  name: 'WebFetch',
  description: 'Fetch',
  inputSchema: z.object({ url: z.string() }),
  isReadOnly: () => true,
  getPermissionTargets: ({ url }) => [{ kind: 'url', url }],
  checkPermissions: () => ({ behavior: 'passthrough' }),
  call: ({ url }) => ({ data: url }),
});

export const testPlain = buildTool({ name: 'Plain', description: 'd', inputSchema: z.object({ mode: z.string().optional() }), call: () => ({ data: 'plain' }) });
