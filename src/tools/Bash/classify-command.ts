import { analyzeCommandSync } from './analyze-command-sync.ts';

const SEARCH = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'find', 'locate', 'fd', 'git grep']);
const READ = new Set(['cat', 'head', 'tail', 'less', 'more', 'wc', 'stat', 'file', 'strings', 'jq', 'awk', 'cut', 'sort', 'uniq', 'tr', 'sed', 'nl', 'od', 'xxd', 'hexdump', 'git show', 'git log', 'git diff', 'git blame']);
const LIST = new Set(['ls', 'tree', 'du', 'exa', 'eza', 'git ls-files', 'git status']);
const NEUTRAL = new Set(['echo', 'printf', 'true', 'false', 'cd', 'set', 'shopt']);

/** How a command can be shown collapsed: a search, a read, a listing, or none of these. */
export type CommandKind = 'search' | 'read' | 'list';

/**
 * The display kind of a command, for collapsed rendering: 'search' when it contains a search and otherwise
 * only searches, reads and neutral commands (`echo`, `cd`); 'read' for reads; 'list' for listings; undefined
 * for anything else or a command that does not parse.
 *
 * @example
 * classifyCommand('grep -rn foo src | head'); // 'search'
 * classifyCommand('ls -la'); // 'list'
 */
export function classifyCommand(command: string): CommandKind | undefined {
  const analysis = analyzeCommandSync(command);
  if (!analysis || analysis.writes.length > 0) return undefined;
  const kinds = new Set<CommandKind>();
  for (const simple of analysis.commands) {
    const [name = '', subcommand = ''] = simple.argv;
    const key = name === 'git' ? `git ${subcommand}` : name;
    if (SEARCH.has(key)) kinds.add('search');
    else if (READ.has(key)) kinds.add('read');
    else if (LIST.has(key)) kinds.add('list');
    else if (!NEUTRAL.has(key)) return undefined;
  }
  if (kinds.has('search')) return 'search';
  if (kinds.has('read')) return 'read';
  if (kinds.has('list')) return 'list';
  return undefined;
}
