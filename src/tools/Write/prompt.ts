export const WRITE_TOOL_NAME = 'Write';

export const WRITE_DESCRIPTION = 'Writes a file to the local filesystem.';

export const WRITE_PROMPT = `Writes a file to the local filesystem.

Usage:
- This tool will overwrite the existing file if there is one at the provided path.
- If this is an existing file, you MUST use the Read tool first to read the whole file. This tool will fail if you did not read the file first, or if it changed on disk since you read it.
- file_path must be an absolute path. Missing parent directories are created.
- An overwritten file keeps its line endings (CRLF stays CRLF), its encoding (UTF-8 BOM, UTF-16) and its permissions.
- ALWAYS prefer editing existing files with the Edit tool. NEVER write new files unless explicitly required.
- NEVER proactively create documentation files (*.md) or README files. Only create documentation files if explicitly requested by the User.`;
