import { suggestKey } from '../../errors/suggest-key.ts';
import { LEGACY_TOOL_NAMES } from './legacy-tool-names.ts';

/** What is wrong with the tool name of a rule: an error (the rule can do nothing as written) or a warning. */
export interface RuleToolNameProblem {
  severity: 'error' | 'warning';
  message: string;
  /** The name probably meant. */
  suggestion?: string;
}

/**
 * Checks the tool name of a parsed rule against the tools that exist. `complete` says whether `knownNames`
 * holds every tool there is (the plugins and MCP servers loaded), or only the built-ins.
 *
 * - a known name (or a legacy alias), a glob (`mcp__github__*`, `*`) or an `mcp__` name: fine;
 * - a known name in another case (`bash`, `MCP__github`): always an error, with the name meant;
 * - once the registry is complete, an `mcp__` server or tool in another case or within two edits of one
 *   that exists (`mcp__GitHub`, `mcp__github_get_issue`): an error;
 * - once the registry is complete, a name within two edits of a tool (`Bsh`, `Reads`): an error too;
 * - any other name: a warning, because a plugin or MCP server may still add that tool (under `--watch`, or
 *   when a server reconnects), and until then the rule covers nothing.
 */
export function checkRuleToolName(options: { toolName: string; knownNames: readonly string[]; complete: boolean }): RuleToolNameProblem | undefined {
  const name = options.toolName.trim();
  const candidates = [...new Set([...options.knownNames, ...Object.keys(LEGACY_TOOL_NAMES)])];
  if (candidates.includes(name) || name.includes('*')) return undefined;
  if (/^mcp__/i.test(name)) {
    if (name.startsWith('mcp__')) return options.complete ? mcpNearMiss(name, options.knownNames) : undefined;
    const meant = `mcp__${name.slice(5)}`;
    return { severity: 'error', suggestion: meant, message: `"${name}" names no tool: tool names are case-sensitive; did you mean "${meant}"?` };
  }
  const sameLetters = candidates.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (sameLetters) return { severity: 'error', suggestion: sameLetters, message: `"${name}" names no tool: tool names are case-sensitive; did you mean "${sameLetters}"?` };
  const suggestion = suggestKey({ key: name, candidates });
  if (suggestion && options.complete) return { severity: 'error', suggestion, message: `"${name}" names no tool; did you mean "${suggestion}"?` };
  const meant = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  return { severity: 'warning', ...(suggestion && { suggestion }), message: `"${name}" names no tool${meant}; the rule covers nothing until a plugin or MCP server adds a tool of that name` };
}

/**
 * An `mcp__` name once the MCP servers' tools are known: a server or tool that exists in another case
 * (`mcp__GitHub` for `mcp__github`), or a near miss of one (`mcp__github_get_issue`), is an error. Any other
 * name is left alone: its server may be down or not yet connected.
 */
function mcpNearMiss(name: string, knownNames: readonly string[]): RuleToolNameProblem | undefined {
  const tools = knownNames.filter((known) => known.startsWith('mcp__'));
  const servers = [...new Set(tools.map((tool) => tool.split('__').slice(0, 2).join('__')))];
  const candidates = [...servers, ...tools];
  if (candidates.includes(name)) return undefined;
  const sameLetters = candidates.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (sameLetters) return { severity: 'error', suggestion: sameLetters, message: `"${name}" names no tool: tool names are case-sensitive; did you mean "${sameLetters}"?` };
  const suggestion = suggestKey({ key: name, candidates });
  return suggestion ? { severity: 'error', suggestion, message: `"${name}" names no tool; did you mean "${suggestion}"?` } : undefined;
}
