import type { ToolHook } from '../hooks/types.ts';

/**
 * The files whose change would change what runs outside the sandbox: each hook's `protectedFiles` (a
 * command hook's script) and the context's own (an MCP stdio server's script). Absolute.
 */
export function protectedFilesOf(context: { hooks?: readonly ToolHook[]; protectedFiles?: readonly string[] }): string[] {
  return [...(context.hooks ?? []).flatMap((hook) => hook.protectedFiles ?? []), ...(context.protectedFiles ?? [])];
}
