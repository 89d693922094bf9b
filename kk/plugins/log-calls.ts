import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defineHook } from 'codev/plugin';

/**
 * A hook plugin: after every successful tool call, appends one JSON line to .codev/calls.log
 * (the tool, its input, how long it took). .codev/ is in .gitignore.
 */
export default defineHook({
  event: 'PostToolUse',
  matcher: '*',
  timeout: 5_000,
  async handler({ toolName, toolInput, toolUseId, durationMs, cwd }) {
    const file = path.join(cwd, '.codev', 'calls.log');
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), tool: toolName, toolUseId, input: toolInput, durationMs: Math.round(durationMs) })}\n`);
  },
});
