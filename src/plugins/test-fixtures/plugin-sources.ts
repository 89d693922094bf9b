/** Test-only: source text of plugin files that import codev's modules by absolute path (see create-temp-project.ts). */
import { codevModule } from './create-temp-project.ts';

/** The import lines every fixture plugin starts with. */
export const PLUGIN_IMPORTS = `import { z } from 'zod';
import { buildTool } from '${codevModule('tool/build-tool.ts')}';
import { defineHook } from '${codevModule('hooks/define-hook.ts')}';
import { definePermissionRule } from '${codevModule('permissions/define-permission-rule.ts')}';
import { definePlugin } from '${codevModule('plugins/define-plugin.ts')}';
`;

/** A `buildTool(...)` expression for a tool that echoes `prefix + message`. */
export function toolExpression(name: string, prefix = ''): string {
  return `buildTool({
  name: '${name}',
  description: 'Echo a message',
  inputSchema: z.object({ message: z.string() }),
  isReadOnly: () => true,
  async call({ message }) {
    return { data: ${JSON.stringify(prefix)} + message };
  },
})`;
}

/** A whole plugin file default-exporting one tool. */
export function toolPlugin(name: string, prefix = ''): string {
  return `${PLUGIN_IMPORTS}\nexport default ${toolExpression(name, prefix)};\n`;
}
