import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { createReadDenyFilter, removeHidden } from '../../search/deny-filter.ts';
import { checkSearchRoot } from '../../search/check-search-root.ts';
import { globFilter } from '../../search/glob-filter.ts';
import { keepJudgedFiles } from '../../search/keep-judged-files.ts';
import { locateRipgrep } from '../../search/locate-ripgrep.ts';
import { sortByModifiedTime } from '../../search/sort-by-mtime.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { formatHits, grepResultText, type GrepOutput } from './format.ts';
import { DEFAULT_HEAD_LIMIT, GREP_DESCRIPTION, GREP_MAX_RESULT_SIZE_CHARS, GREP_PROMPT } from './prompt.ts';
import { searchWithNode } from './search-node.ts';
import { searchWithRipgrep } from './search-ripgrep.ts';
import type { GrepQuery, SearchOutcome } from './types.ts';

export type { GrepOutput } from './format.ts';

const count = () => z.number().int().min(0);

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('The regular expression to search for in file contents (ripgrep syntax)'),
  path: z.string().optional().describe('File or directory to search in. Defaults to the working directory.'),
  glob: z.string().optional().describe('Glob pattern(s) to filter files, e.g. "*.js", "*.{ts,tsx}"; several separated by spaces or commas'),
  type: z.string().optional().describe('File type to search (ripgrep --type), e.g. "js", "py", "rust"; more efficient than glob for standard types'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('"content" shows matching lines, "files_with_matches" (default) shows file paths, "count" shows match counts'),
  '-A': count().optional().describe('Lines to show after each match (content mode only)'),
  '-B': count().optional().describe('Lines to show before each match (content mode only)'),
  '-C': count().optional().describe('Lines to show before and after each match (content mode only)'),
  context: count().optional().describe('Same as -C'),
  '-n': z.boolean().optional().describe('Show line numbers (content mode only). Default true'),
  '-i': z.boolean().optional().describe('Case-insensitive search'),
  head_limit: count().optional().describe(`Show only the first N entries (lines, files or counts). Default ${DEFAULT_HEAD_LIMIT}; 0 = unlimited`),
  offset: count().optional().describe('Skip the first N entries before applying head_limit. Default 0'),
  multiline: z.boolean().optional().describe('Let patterns span lines and "." match newlines. Default false'),
});

type GrepInput = z.output<typeof inputSchema>;

/** Splits `glob` as Claude Code does: on whitespace, then on commas outside braces. */
export function splitGlobs(glob: string | undefined): string[] {
  if (!glob) return [];
  return glob
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((part) => (part.includes('{') ? [part] : part.split(',').filter(Boolean)));
}

function searchRoot(input: GrepInput, cwd: string): string {
  return input.path ? resolveToolPath({ path: input.path, cwd }) : cwd;
}

/** Grep: ripgrep (or the pure-Node fallback) over the files .gitignore does not exclude; three output modes. */
export const grepTool = buildBuiltinTool({
  name: 'Grep',
  searchHint: 'search file contents regex ripgrep grep find text',
  description: GREP_DESCRIPTION,
  prompt: () => GREP_PROMPT,
  inputSchema,
  strict: true,
  maxResultSizeChars: GREP_MAX_RESULT_SIZE_CHARS,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  getPermissionTargets: (input, context) => [{ kind: 'path', path: searchRoot(input, context.cwd), access: 'read' }],
  toAutoClassifierInput: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
  getActivityDescription: (input) => `Searching for ${input.pattern}`,
  async validateInput(input, context) {
    const root = searchRoot(input, context.cwd);
    try {
      await stat(root);
    } catch {
      return { result: false, message: `Path does not exist: ${root}. The working directory is ${context.cwd}.`, errorCode: 1 };
    }
    return { result: true };
  },
  async call(input, context) {
    const root = searchRoot(input, context.cwd);
    const mode = input.output_mode ?? 'files_with_matches';
    const around = input.context ?? input['-C'] ?? 0;
    const before = mode === 'content' ? (input['-B'] ?? around) : 0;
    const after = mode === 'content' ? (input['-A'] ?? around) : 0;
    const rootIsFile = !(await stat(root)).isDirectory();
    const opened = await checkSearchRoot(context, root);
    let outcome: SearchOutcome;
    try {
      // The search opens the checked folder itself (opened.searchAs); its hits are named below `root` again.
      const query: GrepQuery = {
        pattern: input.pattern,
        root: opened.searchAs,
        rootIsFile,
        mode,
        globs: splitGlobs(input.glob),
        type: input.type,
        ignoreCase: input['-i'] ?? false,
        multiline: input.multiline ?? false,
        before,
        after,
        signal: context.signal,
      };
      const rg = await locateRipgrep();
      outcome = rg.source === 'none' ? await searchWithNode(query) : await searchWithRipgrep(rg.command, query);
    } finally {
      await opened.close();
    }
    for (const hit of outcome.hits) hit.file = rootIsFile ? root : opened.named(hit.file);
    const hidden = await createReadDenyFilter(context, root);
    const judged = await keepJudgedFiles(context, outcome.hits.map((hit) => hit.file));
    const visibleFiles = new Set(await removeHidden([...judged], hidden));
    const byGlob = globFilter(splitGlobs(input.glob));
    const relative = (file: string) => (rootIsFile ? path.basename(file) : path.relative(root, file).split(path.sep).join('/'));
    let hits = outcome.hits.filter((hit) => visibleFiles.has(hit.file) && byGlob(relative(hit.file)));
    if (mode === 'files_with_matches') {
      const order = await sortByModifiedTime(hits.map((hit) => hit.file), context.signal);
      const byFile = new Map(hits.map((hit) => [hit.file, hit]));
      hits = order.map((file) => byFile.get(file)!);
    } else hits.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const data: GrepOutput = formatHits({
      mode,
      hits,
      headLimit: input.head_limit ?? DEFAULT_HEAD_LIMIT,
      offset: input.offset ?? 0,
      lineNumbers: input['-n'] ?? true,
      separators: before > 0 || after > 0,
      truncated: outcome.truncated,
    });
    return { data };
  },
  mapToolResultToToolResultBlockParam: (output: GrepOutput, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: grepResultText(output) }),
  renderToolResultMessage: (output: GrepOutput) =>
    output.mode === 'content' ? `Found ${output.numLines ?? 0} lines` : `Found ${output.numFiles} ${output.numFiles === 1 ? 'file' : 'files'}`,
});
