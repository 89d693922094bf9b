import { defineHook } from 'codev/plugin';

/** A hook plugin: refuses any tool input whose `command` runs sudo. */
export default defineHook({
  event: 'PreToolUse',
  name: 'no-sudo',
  handler: ({ toolInput }) =>
    typeof toolInput.command === 'string' && /(^|[\s;&|(])sudo\s/.test(toolInput.command)
      ? { decision: 'deny', reason: 'sudo is not allowed in this project' }
      : undefined,
});
