/**
 * Every stable error code codev produces, sorted. Tests and users match on these, never on message text.
 */
export const ERROR_CODES = [
  'CLI_USAGE',
  'CONFIG_INVALID',
  'CONFIG_LOAD_FAILED',
  'HOOK_FAILED',
  'HOOK_INVALID',
  'HOOK_TIMEOUT',
  'INPUT_INVALID',
  'PERMISSION_DENIED',
  'PLUGIN_INVALID',
  'PLUGIN_LOAD_FAILED',
  'RULE_INVALID',
  'SETTINGS_CORRUPT',
  'SETTINGS_WRITE_FAILED',
  'SHELL_PARSE_FAILED',
  'TOOL_ABORTED',
  'TOOL_DEFINITION_INVALID',
  'TOOL_FAILED',
  'TOOL_NOT_FOUND',
] as const;

export type CodevErrorCode = (typeof ERROR_CODES)[number];
