/** What the scorer knows about a tool's name. */
export interface ToolNameParts {
  /** Lower-case words: `mcp__github__createPullRequest` → `github`, `create`, `pull`, `request`. */
  parts: readonly string[];
  /** The name without `mcp__`, lower case, separators kept: `github__createpullrequest`. */
  bare: string;
  /** The words run together: `githubcreatepullrequest`. */
  compact: string;
  isMcp: boolean;
}

/** Splits a tool name into words on `__`, `_`, `-` and camelCase; MCP names lose their `mcp__` prefix. */
export function splitToolName(name: string): ToolNameParts {
  const isMcp = name.startsWith('mcp__');
  const withoutPrefix = isMcp ? name.slice(5) : name;
  const parts = withoutPrefix
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_\-.]+/)
    .filter((part) => part.length > 0);
  return { parts, bare: withoutPrefix.toLowerCase(), compact: parts.join(''), isMcp };
}
