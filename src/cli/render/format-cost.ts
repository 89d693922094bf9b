/** US dollars for a table cell: `$0.0123` under a dollar, `$1.23` from one; `?` when a model had no price. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return '?';
  return costUsd < 1 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}
