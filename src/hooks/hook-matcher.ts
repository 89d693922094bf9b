/** Compiles a hook matcher into a predicate on tool names. See `ToolHookDefinition.matcher`. */
export function compileHookMatcher(matcher: string | undefined): (toolName: string) => boolean {
  const trimmed = (matcher ?? '').trim();
  if (trimmed === '' || trimmed === '*') return () => true;
  if (/^[A-Za-z0-9_\-|, ]+$/.test(trimmed)) {
    const names = new Set(trimmed.split(/[|,]/).map((name) => name.trim()).filter(Boolean));
    return (toolName) => names.has(toolName);
  }
  // Anchored, unlike Claude Code's unanchored matchers, so `Edit.*` cannot silently match `NotebookEdit`.
  const pattern = new RegExp(`^(?:${trimmed})$`);
  return (toolName) => pattern.test(toolName);
}
