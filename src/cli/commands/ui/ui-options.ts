import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import type { ParsedCommandLine } from '../../parse-command-line.ts';
import { DECIMAL_DIGITS } from '../number-options.ts';

/** The options of `codev ui` (besides the common --help, --cwd and --verbose). */
export const UI_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  open: { type: 'boolean' },
  redis: { type: 'string' },
  queue: { type: 'string' },
} as const;

/** The port `codev ui` tries first when none is given; a busy one falls back to any free port. */
export const DEFAULT_UI_PORT = 7357;

/** What `codev ui` was asked for, every value checked. */
export interface UiSettings {
  cwd: string;
  host: string;
  /** The port asked for; `fallBack`: the default one, any free port when it is busy. */
  port: number;
  fallBack: boolean;
  /** The token given (--token, else CODEV_UI_TOKEN); undefined: a random one is made. */
  token?: string;
  open: boolean;
  redis?: string;
  queue?: string;
}

type Values = ParsedCommandLine<typeof UI_OPTIONS>['values'];

/** Checks the values of `codev ui` before anything loads: a wrong one is `CLI_USAGE` (exit 2) naming its flag. */
export function uiSettings(options: { values: Values; cwd: string; env: Readonly<Record<string, string | undefined>> }): UiSettings {
  const { values } = options;
  const port = values.port === undefined ? DEFAULT_UI_PORT : Number(values.port);
  if (values.port !== undefined && !(DECIMAL_DIGITS.test(values.port) && port <= 65_535)) throw new CodevError('CLI_USAGE', `--port must be a port number (0 to 65535), not "${values.port}"`, { hint: 'e.g. --port 7357, or --port 0 for any free one' });
  const host = values.host?.trim() || '127.0.0.1';
  const token = values.token ?? (options.env.CODEV_UI_TOKEN?.trim() || undefined);
  return {
    cwd: path.resolve(options.cwd, values.cwd ?? '.'),
    host,
    port,
    fallBack: values.port === undefined,
    ...(token !== undefined && { token }),
    open: values.open === true,
    ...(values.redis !== undefined && { redis: values.redis }),
    ...(values.queue !== undefined && { queue: values.queue }),
  };
}
