/** Default `head_limit`: entries (files, lines or counts) shown when the caller sets none. 0 = unlimited. */
export const DEFAULT_HEAD_LIMIT = 250;
/** Longer matched or context lines are cut, so one minified file cannot fill the result. */
export const MAX_LINE_CHARS = 500;
/** Grep results above this many characters are persisted by the kernel and previewed. */
export const GREP_MAX_RESULT_SIZE_CHARS = 20_000;

export const GREP_DESCRIPTION = 'Search file contents with a regular expression (ripgrep)';

export const GREP_PROMPT = `A powerful search tool built on ripgrep.
- ALWAYS use Grep for search tasks. NEVER invoke \`grep\` or \`rg\` as a Bash command.
- Supports full regex syntax (e.g. "log.*Error", "function\\s+\\w+"). Ripgrep syntax, not grep: literal braces need escaping ("interface\\{\\}" to find "interface{}").
- Filter files with glob (e.g. "*.js", "**/*.tsx", "*.{ts,tsx}") or type (e.g. "js", "py", "rust"); files excluded by .gitignore are not searched; hidden files are.
- output_mode: "files_with_matches" (default) lists files, newest first; "content" shows matching lines (with -A/-B/-C or context, -n line numbers on by default, -i); "count" shows match counts per file.
- head_limit limits the entries shown (default ${DEFAULT_HEAD_LIMIT}; 0 = unlimited) and offset skips entries, for paging.
- By default patterns match within a single line. For patterns that span lines use multiline: true (then "." also matches newlines).
- Paths in the result are absolute. Use the Agent tool for open-ended searches that need several rounds.`;
