import { CodevError } from '../../errors/codev-error.ts';
import { PERMISSION_MODES, type PermissionMode } from '../../permissions/types.ts';

/** The options of a command that decides one tool call: `--json`, `--permission-mode` and the `--allow`, `--deny`, `--ask` rules. */
export const TOOL_CALL_OPTIONS = {
  json: { type: 'boolean' },
  'permission-mode': { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
} as const;

/** The value of `--permission-mode`, undefined when not given; `CLI_USAGE` when it names no mode. */
export function permissionModeOption(mode: string | undefined): PermissionMode | undefined {
  if (mode !== undefined && !PERMISSION_MODES.includes(mode as PermissionMode)) throw new CodevError('CLI_USAGE', `--permission-mode must be one of ${PERMISSION_MODES.join(', ')}, not "${mode}"`, { hint: 'e.g. --permission-mode acceptEdits' });
  return mode as PermissionMode | undefined;
}
