import { LEGACY_TOOL_NAMES } from './legacy-tool-names.ts';

/**
 * The names of codev's built-in tools. The permission layer knows no tool, so the list is written out here;
 * a test keeps it equal to the tool pack's names.
 */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze([
  'Agent',
  'AskUserQuestion',
  'Bash',
  'Edit',
  'Glob',
  'Grep',
  'Location',
  'REPL',
  'Read',
  'SendMessage',
  'Skill',
  'TaskOutput',
  'TaskStop',
  'TodoWrite',
  'ToolSearch',
  'WebFetch',
  'WebSearch',
  'Write',
]);

/**
 * The tool a deny or ask rule names when its name is a built-in or legacy name written in another case
 * (`bash` → `Bash`): such a rule is an error where it is written, and where it slips through (a plugin's
 * rules, an old settings file) it covers the tool anyway, since widening a deny or an ask is the safe side.
 * Undefined when the name is exact or matches no built-in name.
 */
export function caseInsensitiveToolName(name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const known of [...BUILTIN_TOOL_NAMES, ...Object.keys(LEGACY_TOOL_NAMES)]) {
    if (known === name) return undefined;
    if (known.toLowerCase() === lower) return LEGACY_TOOL_NAMES[known] ?? known;
  }
  return undefined;
}
