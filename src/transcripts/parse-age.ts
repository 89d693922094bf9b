const UNIT_MS = { h: 60 * 60 * 1000, d: 24 * 60 * 60 * 1000, w: 7 * 24 * 60 * 60 * 1000 } as const;

/** What an age of sessions looks like, for messages. */
export const AGE_FORMAT = 'a whole number of hours, days or weeks: 12h, 30d, 8w';

/** An age such as `30d` (also `12h`, `8w`) in milliseconds; undefined when `text` is not one. */
export function parseAge(text: string): number | undefined {
  const match = /^(\d{1,6})(h|d|w)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : undefined;
}
