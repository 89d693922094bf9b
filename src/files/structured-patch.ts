/** A line diff (Myers, after trimming the common prefix and suffix) grouped into unified-diff hunks. */

/** One hunk, as in jsdiff's `structuredPatch`: lines prefixed with ' ', '-' or '+'. */
export interface PatchHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/** Above this many cells (changed old lines × changed new lines, roughly) a change is shown as one block. */
const MAX_DIFF_COST = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** The hunks that turn `oldText` into `newText`, with `context` unchanged lines around each change. */
export function structuredPatch(oldText: string, newText: string, context = 3): PatchHunk[] {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  return groupHunks(diffLines(oldLines, newLines), context);
}

/** Lines without their terminators; a final line break does not start an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: ' ', line }));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  if ((middleA.length + 1) * (middleB.length + 1) > MAX_DIFF_COST) {
    for (const line of middleA) ops.push({ kind: '-', line });
    for (const line of middleB) ops.push({ kind: '+', line });
  } else {
    ops.push(...myers(middleA, middleB));
  }
  for (const line of a.slice(endA)) ops.push({ kind: ' ', line });
  return ops;
}

/** Myers' O(ND) shortest edit script, deletions before insertions within a change. */
function myers(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((line) => ({ kind: '+', line }));
  if (m === 0) return a.map((line) => ({ kind: '-', line }));
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) break outer;
    }
  }
  // Walk the trace backwards.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[offset + k - 1]! < prev[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: ' ', line: a[--x]! }), y--;
    if (down) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) ops.push({ kind: ' ', line: a[--x]! }), y--;
  ops.reverse();
  // Within each run of changes, put deletions first (as unified diffs do).
  const sorted: Op[] = [];
  for (let index = 0; index < ops.length; ) {
    if (ops[index]!.kind === ' ') {
      sorted.push(ops[index++]!);
      continue;
    }
    const run: Op[] = [];
    while (index < ops.length && ops[index]!.kind !== ' ') run.push(ops[index++]!);
    sorted.push(...run.filter((op) => op.kind === '-'), ...run.filter((op) => op.kind === '+'));
  }
  return sorted;
}

function groupHunks(ops: Op[], context: number): PatchHunk[] {
  const hunks: PatchHunk[] = [];
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return hunks;
  // Positions (0-based) in old and new before each op.
  const oldPos: number[] = [];
  const newPos: number[] = [];
  let o = 0;
  let n = 0;
  for (const op of ops) {
    oldPos.push(o);
    newPos.push(n);
    if (op.kind !== '+') o++;
    if (op.kind !== '-') n++;
  }
  let groupStart = changed[0]!;
  let groupEnd = changed[0]!;
  const flush = () => {
    const from = Math.max(0, groupStart - context);
    const to = Math.min(ops.length - 1, groupEnd + context);
    const slice = ops.slice(from, to + 1);
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    hunks.push({
      oldStart: oldCount === 0 ? oldPos[from]! : oldPos[from]! + 1,
      oldLines: oldCount,
      newStart: newCount === 0 ? newPos[from]! : newPos[from]! + 1,
      newLines: newCount,
      lines: slice.map((op) => op.kind + stripCarriageReturn(op.line)),
    });
  };
  for (const index of changed.slice(1)) {
    if (index - groupEnd - 1 > 2 * context) {
      flush();
      groupStart = index;
    }
    groupEnd = index;
  }
  flush();
  return hunks;
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
