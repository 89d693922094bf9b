/** The number of paths a Glob result lists at most. */
export const GLOB_RESULT_LIMIT = 100;

export const GLOB_DESCRIPTION = 'Find files by name with a glob pattern; newest first';

export const GLOB_PROMPT = `Fast file pattern matching that works with any codebase size.
- Supports glob patterns like "**/*.js" or "src/**/*.ts" ("*" stays within one directory: "*.ts" matches only files directly in the search directory; use "**/*.ts" for any depth).
- Returns absolute file paths, most recently modified first, at most ${GLOB_RESULT_LIMIT}; a note says when more matched.
- Files excluded by .gitignore (and .ignore/.rgignore) are not listed; hidden files are; .git and other VCS folders never are.
- path is the directory to search (default: the working directory). Omit it rather than passing "undefined" or "null".
- Use this tool when you need to find files by name patterns. To search file contents use Grep.
- For open-ended searches that may need several rounds of globbing and grepping, use the Agent tool instead.`;
