/** The most diff lines one change carries; the rest is left out (`truncated`). */
export const MAX_DIFF_LINES = 400;
/** Past this many line pairs, the middle is shown as removed then added instead of matched line by line. */
const MAX_MATCH_CELLS = 250_000;

/** A unified diff of `before` → `after` (one hunk over the changed region, the unchanged lines around it as context). */
export function unifiedDiff(before: string, after: string, options: { maxLines?: number } = {}): { lines: string[]; truncated: boolean } {
  const maxLines = options.maxLines ?? MAX_DIFF_LINES;
  // Only where one side ends with a newline and the other does not (an Edit's strings are parts of lines).
  const marked = before !== '' && after !== '' && before.endsWith('\n') !== after.endsWith('\n');
  const old = splitLines(before, marked);
  const now = splitLines(after, marked);
  let start = 0;
  while (start < old.length && start < now.length && old[start] === now[start]) start++;
  let endOld = old.length;
  let endNow = now.length;
  while (endOld > start && endNow > start && old[endOld - 1] === now[endNow - 1]) {
    endOld--;
    endNow--;
  }
  const body = [...old.slice(0, start).map((line) => ` ${line}`), ...middle(old.slice(start, endOld), now.slice(start, endNow)), ...old.slice(endOld).map((line) => ` ${line}`)];
  const header = `@@ -${old.length === 0 ? 0 : 1},${old.length} +${now.length === 0 ? 0 : 1},${now.length} @@`;
  const lines = [header, ...body.flatMap((line) => (line.endsWith(NO_FINAL_NEWLINE) ? [line.slice(0, -NO_FINAL_NEWLINE.length), NO_NEWLINE_MARK] : [line]))];
  return lines.length > maxLines ? { lines: lines.slice(0, maxLines), truncated: true } : { lines, truncated: false };
}

/**
 * Put after a last line that has no newline while lines are compared, when the other side's has one: adding or
 * removing the final newline is a change; shown as `diff -u` does, by a marker line after that line.
 */
const NO_FINAL_NEWLINE = '\u0000no-final-newline';
const NO_NEWLINE_MARK = '\\ No newline at end';

function splitLines(text: string, marked: boolean): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else if (marked) lines[lines.length - 1] += NO_FINAL_NEWLINE;
  return lines;
}

/** The changed region, matched by a longest common subsequence when it is small enough. */
function middle(old: string[], now: string[]): string[] {
  if (old.length * now.length > MAX_MATCH_CELLS || old.length === 0 || now.length === 0) {
    return [...old.map((line) => `-${line}`), ...now.map((line) => `+${line}`)];
  }
  const columns = now.length + 1;
  const lengths = new Uint32Array((old.length + 1) * columns);
  for (let row = old.length - 1; row >= 0; row--) {
    for (let column = now.length - 1; column >= 0; column--) {
      lengths[row * columns + column] = old[row] === now[column] ? lengths[(row + 1) * columns + column + 1]! + 1 : Math.max(lengths[(row + 1) * columns + column]!, lengths[row * columns + column + 1]!);
    }
  }
  const lines: string[] = [];
  let row = 0;
  let column = 0;
  while (row < old.length && column < now.length) {
    if (old[row] === now[column]) {
      lines.push(` ${old[row++]}`);
      column++;
    } else if (lengths[(row + 1) * columns + column]! >= lengths[row * columns + column + 1]!) lines.push(`-${old[row++]}`);
    else lines.push(`+${now[column++]}`);
  }
  while (row < old.length) lines.push(`-${old[row++]}`);
  while (column < now.length) lines.push(`+${now[column++]}`);
  return lines;
}
