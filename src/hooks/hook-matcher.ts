/** Compiles a hook matcher into a predicate on tool names (or agent types). See `ToolHookDefinition.matcher`. */
export function compileHookMatcher(matcher: string | undefined): (name: string) => boolean {
  const trimmed = (matcher ?? '').trim();
  if (trimmed === '' || trimmed === '*') return () => true;
  if (/^[A-Za-z0-9_\-|, ]+$/.test(trimmed)) {
    const names = new Set(trimmed.split(/[|,]/).map((name) => name.trim()).filter(Boolean));
    return (name) => names.has(name);
  }
  // Anchored, unlike Claude Code's unanchored matchers, so `Edit.*` cannot silently match `NotebookEdit`.
  const pattern = new RegExp(`^(?:${trimmed})$`);
  return (name) => pattern.test(name);
}
