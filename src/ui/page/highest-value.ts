/**
 * The highest of `values`, at least `floor`: a loop, not `Math.max(...values)`, whose spread puts every value
 * on the stack and throws RangeError past some 120,000 (a long session's turns).
 */
export function highestValue(values: Iterable<number>, floor: number): number {
  let highest = floor;
  for (const value of values) if (value > highest) highest = value;
  return highest;
}
