/** ANSI styling that honours FORCE_COLOR, NO_COLOR and plain pipes. */
export interface Colors {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const identity = (text: string) => text;

/**
 * Colors for a stream. As in Node itself, `FORCE_COLOR` decides first: `0` or `false` means none, any other
 * value (empty included) means colors even into a pipe. Otherwise none when `NO_COLOR` is set (any value),
 * `TERM` is `dumb`, or the stream is not a terminal.
 */
export function createColors(options: { isTTY: boolean; env: Readonly<Record<string, string | undefined>> }): Colors {
  const { env } = options;
  const forced = env.FORCE_COLOR === undefined ? undefined : !['0', 'false'].includes(env.FORCE_COLOR.trim().toLowerCase());
  const enabled = forced ?? (options.isTTY && env.NO_COLOR === undefined && env.TERM !== 'dumb');
  if (!enabled) return { bold: identity, dim: identity, red: identity, green: identity, yellow: identity };
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) };
}
