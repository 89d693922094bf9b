import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file in the same directory whose name is close to the missing one: same name in another case, the same
 * stem with another extension, or a name within a small edit distance. Undefined when none (or no directory).
 */
export async function suggestSimilarFile(filePath: string): Promise<string | undefined> {
  const directory = path.dirname(filePath);
  const wanted = path.basename(filePath);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return undefined;
  }
  const lower = wanted.toLowerCase();
  const stem = stemOf(lower);
  const maxDistance = Math.max(1, Math.min(3, Math.floor(wanted.length / 4)));
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const candidate = name.toLowerCase();
    let score: number | undefined;
    if (candidate === lower) score = 0;
    else if (stemOf(candidate) === stem && stem !== '') score = 1;
    else {
      const distance = editDistance(candidate, lower, maxDistance);
      if (distance <= maxDistance) score = 1 + distance;
    }
    if (score !== undefined && (!best || score < best.score || (score === best.score && name < best.name))) best = { name, score };
  }
  return best ? path.join(directory, best.name) : undefined;
}

function stemOf(name: string): string {
  const extension = path.extname(name);
  return extension ? name.slice(0, -extension.length) : name;
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
