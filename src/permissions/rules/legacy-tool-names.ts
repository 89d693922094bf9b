/** Old tool names still accepted in rules, hook matchers and model calls, mapped to today's names. */
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = {
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  BashOutput: 'TaskOutput',
  BashOutputTool: 'TaskOutput',
  AgentOutput: 'TaskOutput',
  AgentOutputTool: 'TaskOutput',
};

/** The current name of a tool, given a current or legacy one. */
export function normalizeToolName(name: string): string {
  return LEGACY_TOOL_NAMES[name] ?? name;
}
