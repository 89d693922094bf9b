/** The fleet bench's figures: percentiles (linear interpolation between ranks) and the median. Not run on its own. */

/** The `fraction` percentile (0.5, 0.95) of a non-empty list. */
export function percentile(values, fraction) {
  const sorted = [...values].sort((left, right) => left - right);
  const rank = (sorted.length - 1) * fraction;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

export function median(values) {
  return percentile(values, 0.5);
}

/** Milliseconds with three significant digits below 100, whole above. */
export function formatMilliseconds(value) {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

/** A ratio such as `1.42×`. */
export function formatRatio(value) {
  return `${value.toPrecision(3)}×`;
}
