/** The one-line description of ToolSearch. */
export const TOOL_SEARCH_DESCRIPTION = 'Search the deferred tools (whose schemas are not loaded yet) and load the ones you need';

/** The text the model reads for ToolSearch. */
export const TOOL_SEARCH_PROMPT = `Finds and loads deferred tools. Some tools (most MCP tools, some plugin tools) are not sent with their schemas up front; you only know them by name, if at all. Search for them here; each match's full schema is available from your next turn, and you can then call it like any other tool. Calling a deferred tool before loading it fails.

Query forms:
- "select:Name" or "select:NameA,NameB": load these exact tools (use this when you already know the name).
- Keywords, e.g. "slack send message": the best matches by name, search hint and description.
- "+term" makes a term required, e.g. "+github pull request".
- "mcp__server" or "mcp__server__prefix": the tools whose names start with it.

\`max_results\` (default 5) caps the number of matches.`;

/** The result text when nothing matched. */
export const NO_MATCH_TEXT = 'No matching deferred tools found';
