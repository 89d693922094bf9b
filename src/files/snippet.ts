import type { PatchHunk } from './structured-patch.ts';

const MAX_SNIPPET_LINES = 120;
const MAX_LINE_CHARS = 2_000;

/** One numbered line as Read shows it (and Claude Code writes it): the number, a tab, the text. */
export function numberLine(lineNumber: number, text: string): string {
  const shown = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}… [line truncated]` : text;
  return `${lineNumber}\t${shown}`;
}

/**
 * The new side of the changed regions, numbered `cat -n` style, for the model's confirmation: the
 * hunks' context and added lines, `...` between regions, capped at about 120 lines.
 */
export function snippetFromPatch(hunks: readonly PatchHunk[]): string {
  const out: string[] = [];
  let shown = 0;
  for (const [index, hunk] of hunks.entries()) {
    if (shown >= MAX_SNIPPET_LINES) {
      out.push(`... (${hunks.length - index} more changed region${hunks.length - index === 1 ? '' : 's'} not shown)`);
      break;
    }
    if (index > 0) out.push('...');
    let lineNumber = hunk.newStart === 0 ? 1 : hunk.newStart;
    for (const line of hunk.lines) {
      if (line.startsWith('-')) continue;
      if (shown >= MAX_SNIPPET_LINES) {
        out.push('... (snippet truncated)');
        break;
      }
      out.push(numberLine(lineNumber++, line.slice(1)));
      shown++;
    }
  }
  return out.join('\n');
}

/** Lines added and removed across the hunks. */
export function countChanges(hunks: readonly PatchHunk[]): { additions: number; removals: number } {
  let additions = 0;
  let removals = 0;
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions++;
      else if (line.startsWith('-')) removals++;
    }
  }
  return { additions, removals };
}

/** A compact +/- summary for the terminal, e.g. "Updated src/a.ts: +3 -1", with the patch when verbose. */
export function renderPatchSummary(options: {
  verb: string;
  filePath: string;
  hunks: readonly PatchHunk[];
  verbose: boolean;
  color: boolean;
}): string {
  const { additions, removals } = countChanges(options.hunks);
  const paint = (code: number, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[39m` : text);
  const head = `${options.verb} ${options.filePath}: ${paint(32, `+${additions}`)} ${paint(31, `-${removals}`)}`;
  if (!options.verbose) return head;
  const body = options.hunks.flatMap((hunk) => [
    `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    ...hunk.lines.map((line) => (line.startsWith('+') ? paint(32, line) : line.startsWith('-') ? paint(31, line) : line)),
  ]);
  return [head, ...body].join('\n');
}
