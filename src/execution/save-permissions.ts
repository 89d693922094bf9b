import { errorMessage } from '../errors/codev-error.ts';
import type { ToolUseContext } from './types.ts';
import { addRulesToContext } from '../permissions/create-permission-context.ts';
import { addLocalRules, defaultLocalSettingsFile } from '../permissions/local-settings.ts';
import type { PermissionUpdate } from '../permissions/types.ts';

/**
 * Applies the "always allow" choices of a prompt's answer (`canUseTool`'s or a PermissionRequest hook's):
 * each `addRules` joins the session's rules, and `local` ones are also written to the local settings file.
 * A file that cannot be written is a warning; the rules still apply for the session.
 */
export async function savePermissions(context: ToolUseContext, updates: readonly PermissionUpdate[]): Promise<void> {
  for (const update of updates) {
    if (update.type !== 'addRules' || update.rules.length === 0) continue;
    const source = update.destination === 'local' ? 'local' : 'session';
    context.permissionContext = addRulesToContext({ context: context.permissionContext, behavior: update.behavior, source, rules: update.rules });
    if (update.destination !== 'local') continue;
    const file = context.localSettingsFile ?? defaultLocalSettingsFile(context.projectRoot ?? context.cwd);
    try {
      await addLocalRules({ file, behavior: update.behavior, rules: update.rules });
    } catch (error) {
      context.onWarning?.(`The rule was applied for this session but not saved: ${errorMessage(error)}`);
    }
  }
}
