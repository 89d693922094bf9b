export const EDIT_TOOL_NAME = 'Edit';

export const EDIT_DESCRIPTION = 'Performs exact string replacements in files.';

export const EDIT_PROMPT = `Performs exact string replacements in files.

Usage:
- You must use the Read tool (a full read, not a partial one) at least once in the conversation before editing an existing file. This tool will error if you attempt an edit without reading the file, or if the file changed on disk since you read it.
- file_path must be an absolute path.
- When editing text from Read output, preserve the exact indentation (tabs/spaces) as it appears AFTER the line number prefix. The line number prefix format is: line number + tab. Everything after that tab is the actual file content to match. Never include any part of the line number prefix in old_string or new_string.
- The edit will FAIL if old_string is not found in the file.
- The edit will FAIL if old_string is not unique in the file. Either provide a larger string with more surrounding context to make it unique, or use replace_all to change every instance of old_string.
- Use replace_all for replacing and renaming strings across the file, e.g. renaming a variable.
- old_string and new_string must differ.
- To create a new file, pass an empty old_string and the whole content as new_string (the file must not exist yet).
- Line endings, the file's encoding (UTF-8, UTF-8 with BOM, UTF-16) and its permissions are kept: write old_string and new_string with plain \\n line breaks even when the file uses CRLF.
- ALWAYS prefer editing existing files. NEVER write new files unless explicitly required.`;
