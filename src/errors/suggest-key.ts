/**
 * The allowed key an unknown key was probably meant to be: the closest one within 2 edits (1 for keys of
 * 3 characters or fewer; swapping two neighbours counts as one edit), else the one it shares a prefix with
 * (`maxTurn` → `maxTurns`). Case is ignored. Undefined when nothing is close.
 *
 * @example
 * suggestKey({ key: 'sytem', candidates: ['system', 'prompt'] }); // 'system'
 */
export function suggestKey(options: { key: string; candidates: readonly string[] }): string | undefined {
  const key = options.key.toLowerCase();
  const maxDistance = key.length <= 3 ? 1 : 2;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of options.candidates) {
    const distance = editDistance(key, candidate.toLowerCase());
    if (distance <= maxDistance && (!best || distance < best.distance)) best = { candidate, distance };
  }
  if (best) return best.candidate;
  return options.candidates.find((candidate) => sharesPrefix(key, candidate.toLowerCase()));
}

/** One is the start of the other, and the shorter has at least 4 characters (`pluginDir`, `pluginDirs`). */
function sharesPrefix(left: string, right: string): boolean {
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  return shorter.length >= 4 && longer.startsWith(shorter);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(left: string, right: string): number {
  const rows: number[][] = Array.from({ length: left.length + 1 }, (_, index) => [index]);
  for (let column = 1; column <= right.length; column++) rows[0]![column] = column;
  for (let row = 1; row <= left.length; row++) {
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(rows[row - 1]![column]! + 1, rows[row]![column - 1]! + 1, rows[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) distance = Math.min(distance, rows[row - 2]![column - 2]! + 1);
      rows[row]![column] = distance;
    }
  }
  return rows[left.length]![right.length]!;
}
