import path from 'node:path';
import { COMMON_RIPGREP_ARGS } from '../../search/list-files.ts';
import { runRipgrep } from '../../search/run-ripgrep.ts';
import type { FileHits, GrepQuery, SearchOutcome } from './types.ts';

/** The ripgrep arguments of a query (no shell: each is one argv entry). */
export function ripgrepArgs(query: GrepQuery): string[] {
  const args = [...COMMON_RIPGREP_ARGS];
  if (query.ignoreCase) args.push('--ignore-case');
  else args.push('--case-sensitive');
  if (query.multiline) args.push('--multiline', '--multiline-dotall');
  // Negated globs only exclude, so ripgrep may apply them. A positive --glob would re-include gitignored
  // files: a slash-free one becomes a file type instead (types respect ignore files); the caller still
  // filters every positive glob exactly (see globFilter).
  for (const glob of query.globs) if (glob.startsWith('!')) args.push(`--glob=${glob}`);
  const positive = query.globs.filter((glob) => !glob.startsWith('!'));
  if (query.type) args.push(`--type=${query.type}`);
  else if (positive.length > 0 && positive.every((glob) => !glob.includes('/'))) {
    for (const glob of positive) args.push(`--type-add=codevglob:${glob}`);
    args.push('--type=codevglob');
  }
  if (query.mode === 'files_with_matches') args.push('--files-with-matches', '--null');
  else if (query.mode === 'count') args.push('--count', '--null', '--with-filename');
  else {
    args.push('--json');
    if (query.before > 0) args.push(`--before-context=${query.before}`);
    if (query.after > 0) args.push(`--after-context=${query.after}`);
  }
  args.push('--regexp', query.pattern, query.rootIsFile ? query.root : '.');
  return args;
}

/** Runs the query with ripgrep and parses its output. Exit 1 is "no matches"; exit 2 without output is an error. */
export async function searchWithRipgrep(command: string, query: GrepQuery): Promise<SearchOutcome> {
  const cwd = query.rootIsFile ? path.dirname(query.root) : query.root;
  const run = await runRipgrep({ command, args: ripgrepArgs(query), cwd, signal: query.signal });
  if (run.timedOut && run.stdout === '') throw new Error('The search timed out after 20 s; use a more specific path, glob or pattern.');
  if (run.exitCode === 2 && run.stdout === '') {
    const message = run.stderr.trim() || 'ripgrep exited with code 2';
    if (/regex parse error|error parsing regex|PCRE2/i.test(message)) throw new Error(`Invalid regular expression ${JSON.stringify(query.pattern)}:\n${message}`);
    throw new Error(`ripgrep failed: ${message}`);
  }
  const absolute = (file: string) => path.resolve(cwd, file);
  const truncated = run.truncated || run.timedOut;
  if (query.mode === 'files_with_matches') {
    return { hits: run.stdout.split('\0').filter((file) => file.trim() !== '').map((file) => ({ file: absolute(file.replace(/^\n/, '')), count: 0, lines: [] })), truncated };
  }
  if (query.mode === 'count') {
    const hits: FileHits[] = [];
    for (const line of run.stdout.split('\n')) {
      const separator = line.lastIndexOf('\0');
      if (separator < 0) continue;
      hits.push({ file: absolute(line.slice(0, separator)), count: Number(line.slice(separator + 1)), lines: [] });
    }
    return { hits, truncated };
  }
  return { hits: parseJson(run.stdout, absolute), truncated };
}

interface JsonText {
  text?: string;
  bytes?: string;
}

function decode(value: JsonText | undefined): string {
  if (!value) return '';
  if (value.text !== undefined) return value.text;
  return value.bytes ? Buffer.from(value.bytes, 'base64').toString('utf8') : '';
}

function parseJson(stdout: string, absolute: (file: string) => string): FileHits[] {
  const byFile = new Map<string, FileHits>();
  const numbered = new Map<FileHits, Map<number, FileHits['lines'][number]>>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let message: { type: string; data: { path?: JsonText; lines?: JsonText; line_number?: number | null } };
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    if (message.type !== 'match' && message.type !== 'context') continue;
    const file = absolute(decode(message.data.path));
    let hits = byFile.get(file);
    if (!hits) byFile.set(file, (hits = { file, count: 0, lines: [] }));
    let seen = numbered.get(hits);
    if (!seen) numbered.set(hits, (seen = new Map()));
    const texts = decode(message.data.lines).replace(/\n$/, '').split('\n');
    const first = message.data.line_number ?? 0;
    texts.forEach((text, index) => {
      const number = first + index;
      const existing = seen.get(number);
      if (existing) existing.match ||= message.type === 'match';
      else {
        const entry = { number, text, match: message.type === 'match' };
        seen.set(number, entry);
        hits.lines.push(entry);
      }
    });
    if (message.type === 'match') hits.count += 1;
  }
  for (const hits of byFile.values()) hits.lines.sort((a, b) => a.number - b.number);
  return [...byFile.values()];
}
