import { stat } from 'node:fs/promises';
import path from 'node:path';
import { definePermissionRule } from 'codev/plugin';

/** Files larger than this are not read by WordCount (see `check` below). */
export const MAX_FILE_BYTES = 1_000_000;

/**
 * A rule plugin: rule strings (Claude Code's grammar, checked deny → ask → allow), plus a function for what
 * strings cannot say.
 */
export default definePermissionRule({
  name: 'project-rules',
  deny: ['Read(./secrets/**)', 'Read(**/*.pem)', 'Bash(rm -rf *)'],
  ask: ['Bash(git push *)'],
  // Runs after the rule strings found no deny: 'deny' or 'ask' always counts, undefined leaves it to the rest.
  async check(tool, input, context) {
    if (tool.name !== 'WordCount' || typeof input.path !== 'string') return undefined;
    const size = await stat(path.resolve(context.cwd, input.path)).then((info) => info.size, () => 0);
    return size > MAX_FILE_BYTES ? 'deny' : undefined;
  },
});
