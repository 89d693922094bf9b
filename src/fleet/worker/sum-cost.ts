/** USD spent before plus a query's total; unknown (null) once either is. */
export function sumCost(before: number | null, total: number | null): number | null {
  return before === null || total === null ? null : before + total;
}
