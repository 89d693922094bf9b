import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { createReadDenyFilter, removeHidden } from '../../search/deny-filter.ts';
import { checkSearchRoot } from '../../search/check-search-root.ts';
import { keepJudgedFiles } from '../../search/keep-judged-files.ts';
import { listFiles } from '../../search/list-files.ts';
import { picomatch } from '../../search/picomatch.ts';
import { sortByModifiedTime } from '../../search/sort-by-mtime.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { GLOB_DESCRIPTION, GLOB_PROMPT, GLOB_RESULT_LIMIT } from './prompt.ts';
import { resolveGlob } from './resolve-glob.ts';

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('The glob pattern to match files against, e.g. "**/*.ts"'),
  path: z
    .string()
    .optional()
    .describe('The directory to search in. Defaults to the working directory. Omit it for the default; never pass "undefined" or "null".'),
});

/** What a Glob call returns. */
export interface GlobOutput {
  /** Absolute paths, newest first, at most {@link GLOB_RESULT_LIMIT}. */
  filenames: string[];
  /** How many files matched in all (before the cap). */
  numFiles: number;
  /** More files matched than are listed, or the listing itself was cut (timeout, output cap). */
  truncated: boolean;
  durationMs: number;
}

export const TRUNCATION_NOTE = '(Results are truncated. Consider using a more specific path or pattern.)';

/** Glob: files by name pattern, gitignore respected, newest first, capped at 100. */
export const globTool = buildBuiltinTool({
  name: 'Glob',
  searchHint: 'find files by name glob pattern list directory',
  description: GLOB_DESCRIPTION,
  prompt: () => GLOB_PROMPT,
  inputSchema,
  strict: true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  getPermissionTargets: (input, context) => [{ kind: 'path', path: resolveGlob(input, context.cwd).root, access: 'read' }],
  toAutoClassifierInput: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
  getActivityDescription: (input) => `Finding ${input.pattern}`,
  async validateInput(input, context) {
    const { root } = resolveGlob(input, context.cwd);
    try {
      if (!(await stat(root)).isDirectory()) return { result: false, message: `Path is not a directory: ${root}`, errorCode: 2 };
    } catch {
      return { result: false, message: `Directory does not exist: ${root}. The working directory is ${context.cwd}.`, errorCode: 1 };
    }
    return { result: true };
  },
  async call(input, context) {
    const started = performance.now();
    const { root, pattern } = resolveGlob(input, context.cwd);
    const opened = await checkSearchRoot(context, root);
    const matcher = picomatch(pattern, { dot: true });
    const lastSegment = pattern.split('/').at(-1)!;
    let listing: Awaited<ReturnType<typeof listFiles>>;
    try {
      // Listed through the checked folder itself; the names are given below `root` again.
      listing = await listFiles({ root: opened.searchAs, signal: context.signal, nameGlob: lastSegment.includes('**') ? undefined : lastSegment });
    } finally {
      await opened.close();
    }
    listing.files = listing.files.map(opened.named);
    const matched = listing.files.filter((file) => matcher(relativePosixPath(root, file)));
    const judged = await keepJudgedFiles(context, matched);
    const visible = await removeHidden(matched.filter((file) => judged.has(file)), await createReadDenyFilter(context, root));
    const sorted = await sortByModifiedTime(visible, context.signal);
    const data: GlobOutput = {
      filenames: sorted.slice(0, GLOB_RESULT_LIMIT),
      numFiles: sorted.length,
      truncated: listing.truncated || sorted.length > GLOB_RESULT_LIMIT,
      durationMs: Math.round(performance.now() - started),
    };
    return { data };
  },
  mapToolResultToToolResultBlockParam(output: GlobOutput, toolUseId) {
    const lines = output.filenames.length === 0 ? ['No files found'] : [...output.filenames];
    if (output.truncated) lines.push(TRUNCATION_NOTE);
    return { type: 'tool_result', tool_use_id: toolUseId, content: lines.join('\n') };
  },
  renderToolResultMessage: (output: GlobOutput) => `Found ${output.numFiles} ${output.numFiles === 1 ? 'file' : 'files'}${output.truncated ? ' (truncated)' : ''}`,
});

/** `file` relative to `root`, with `/` separators. The listing's paths start with `root`, so a slice is enough (path.relative costs more than the match). */
function relativePosixPath(root: string, file: string): string {
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  const relative = file.startsWith(prefix) ? file.slice(prefix.length) : path.relative(root, file);
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}
