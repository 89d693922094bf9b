import { CodevError } from '../errors/codev-error.ts';
import type { LoadedPlugin } from './types.ts';

/** The error value for a tool name that an earlier plugin already provides: the later tool is skipped. */
export function duplicateToolError(options: { toolName: string; first: LoadedPlugin; later: LoadedPlugin }): CodevError {
  const describe = (plugin: LoadedPlugin) => `plugin "${plugin.name}"${plugin.file ? ` (${plugin.file})` : ''}`;
  return new CodevError(
    'PLUGIN_INVALID',
    `Tool "${options.toolName}" of ${describe(options.later)} is already provided by ${describe(options.first)}; the later one is skipped`,
    {
      file: options.later.file,
      plugin: options.later.file ?? options.later.name,
      tool: options.toolName,
      hint: `rename one of the tools, or remove one of the plugins`,
    },
  );
}
