/** Tools whose rule content is a shell command pattern. */
const COMMAND_TOOLS = new Set(['Bash', 'PowerShell', 'Monitor']);
/** Tools whose rule content is a gitignore-style path pattern. */
const PATH_TOOLS = new Set(['Read', 'Edit']);

/**
 * A warning for rule content that cannot mean what it looks like; undefined when it is fine.
 * - a command pattern with `:*` anywhere but at the end (`Bash(npm:* test)`): only a final `:*` means
 *   "and any arguments", elsewhere it is a literal `:` and a `*`;
 * - a path pattern with a shell variable (`Read($HOME/.ssh/**)`) or `~user`: neither is expanded;
 * - a path pattern ending in the command suffix `:*` (`Read(src:*)`): a path matches `src:` and a name.
 */
export function validateRuleContent(toolName: string, content: string): string | undefined {
  const text = content.trim();
  if (COMMAND_TOOLS.has(toolName)) {
    const legacy = text.indexOf(':*');
    if (legacy !== -1 && legacy !== text.length - 2 && text[legacy - 1] !== '\\') {
      return `Rule "${toolName}(${content})": ":*" means "and any arguments" only at the end of the pattern; write "${text.replace(':*', ' *')}"`;
    }
    return undefined;
  }
  if (!PATH_TOOLS.has(toolName)) return undefined;
  if (/\$\{?[A-Za-z_]/.test(text)) return `Rule "${toolName}(${content})": variables are not expanded in path rules; write "~/..." for the home folder, "//abs/path" or a path relative to the project`;
  if (/^~[^/]/.test(text)) return `Rule "${toolName}(${content})": "~user" is not expanded in path rules; write "//home/user/..." or "~/..." for your own home`;
  if (text.endsWith(':*')) return `Rule "${toolName}(${content})": ":*" is the command-rule suffix; a path rule covers a folder's contents with "/**" (write "${text.slice(0, -2)}/**")`;
  return undefined;
}
