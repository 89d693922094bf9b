import type { UiFileDiff } from '../../types.ts';
import { MAX_DIFF_LINES, unifiedDiff } from './unified-diff.ts';

/** The most characters of an input a diff is made from (a huge Write is shown in part). */
const MAX_INPUT_CHARS = 200_000;

/** The change an Edit, MultiEdit or Write call asks for, from its input; undefined for other tools or an input of another shape. */
export function fileDiffOf(toolName: string, input: unknown): UiFileDiff | undefined {
  const fields = (input ?? {}) as Record<string, unknown>;
  const path = fields.file_path;
  if (typeof path !== 'string') return undefined;
  if (toolName === 'Write' && typeof fields.content === 'string') return diffOf(path, [['', fields.content]]);
  if (toolName === 'Edit' && typeof fields.old_string === 'string' && typeof fields.new_string === 'string') return diffOf(path, [[fields.old_string, fields.new_string]]);
  if (toolName === 'MultiEdit' && Array.isArray(fields.edits)) {
    const pairs = fields.edits.filter((edit) => typeof edit?.old_string === 'string' && typeof edit.new_string === 'string').map((edit): [string, string] => [edit.old_string, edit.new_string]);
    return pairs.length > 0 ? diffOf(path, pairs) : undefined;
  }
  return undefined;
}

function diffOf(path: string, pairs: [string, string][]): UiFileDiff {
  const lines: string[] = [];
  let truncated = false;
  for (const [before, after] of pairs) {
    const room = MAX_DIFF_LINES - lines.length;
    if (room <= 0) {
      truncated = true;
      break;
    }
    const cut = before.length > MAX_INPUT_CHARS || after.length > MAX_INPUT_CHARS;
    const diff = unifiedDiff(before.slice(0, MAX_INPUT_CHARS), after.slice(0, MAX_INPUT_CHARS), { maxLines: room });
    lines.push(...diff.lines);
    truncated ||= diff.truncated || cut;
  }
  return { path, lines, ...(truncated && { truncated }) };
}
