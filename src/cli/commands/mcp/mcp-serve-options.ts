import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import type { ParsedCommandLine } from '../../parse-command-line.ts';
import { parsePermissionRule } from '../../../permissions/rules/parse-rule.ts';
import type { PermissionMode } from '../../../permissions/types.ts';
import { checkRuleFlags } from '../check-rule-flags.ts';
import { DECIMAL_DIGITS } from '../number-options.ts';
import { permissionModeOption } from '../tool-call-options.ts';
import { isLoopbackHost } from '../../../mcp-server/http/check-request-access.ts';

/** The options of `codev mcp serve` (besides the common --help, --cwd and --verbose). */
export const MCP_SERVE_OPTIONS = {
  transport: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  token: { type: 'string' },
  'no-token': { type: 'boolean' },
  'permission-mode': { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
  'ask-fallback': { type: 'string' },
  tools: { type: 'string' },
} as const;

/** Where the server listens: the client's stdin and stdout, or Streamable HTTP. */
export type McpServeTransport =
  | { kind: 'stdio' }
  /** `token` undefined: none (`--no-token`, loopback only); `generated`: made here, to be printed. */
  | { kind: 'http'; host: string; port: number; token: string | undefined; generated: boolean };

/** What `codev mcp serve` was asked for, every value checked. */
export interface McpServeSettings {
  cwd: string;
  permissionMode?: PermissionMode;
  allow: string[];
  deny: string[];
  ask: string[];
  askFallback: 'deny' | 'allow';
  /** The tools to serve; undefined: the default set. */
  tools?: string[];
  transport: McpServeTransport;
}

type Values = ParsedCommandLine<typeof MCP_SERVE_OPTIONS>['values'];

const HTTP_ONLY = ['host', 'port', 'token', 'no-token'] as const;

/**
 * Checks the values of `codev mcp serve` before anything loads: each wrong one is `CLI_USAGE` (exit 2) naming
 * its flag. The token is `--token`, else `CODEV_MCP_TOKEN`, else (loopback only without one of yours) a
 * random one made by `generateToken`; `--no-token` serves without, on loopback only.
 */
export function mcpServeSettings(options: { values: Values; cwd: string; env: Readonly<Record<string, string | undefined>>; generateToken: () => string }): McpServeSettings {
  const { values } = options;
  checkRules(values);
  return {
    cwd: path.resolve(options.cwd, values.cwd ?? '.'),
    permissionMode: permissionModeOption(values['permission-mode']),
    allow: values.allow ?? [],
    deny: values.deny ?? [],
    ask: values.ask ?? [],
    askFallback: askFallbackOption(values['ask-fallback']),
    tools: toolsOption(values.tools),
    transport: transportOption(options),
  };
}

function checkRules(values: Values): void {
  for (const rule of [...(values.allow ?? []), ...(values.deny ?? []), ...(values.ask ?? [])]) {
    try {
      parsePermissionRule(rule);
    } catch (error) {
      throw new CodevError('CLI_USAGE', (error as Error).message, { hint: "quote the rule for the shell, e.g. --allow 'Bash(npm test)'" });
    }
  }
  checkRuleFlags(values);
}

function askFallbackOption(value: string | undefined): 'deny' | 'allow' {
  if (value === undefined || value === 'deny' || value === 'allow') return value ?? 'deny';
  throw new CodevError('CLI_USAGE', `--ask-fallback must be deny or allow, not "${value}"`, { field: '--ask-fallback', hint: 'deny (the default) refuses a call the client cannot be asked about; allow runs it' });
}

function toolsOption(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((name) => name.trim());
  if (names.some((name) => name === '')) throw new CodevError('CLI_USAGE', `--tools has an empty name: "${value}"`, { field: '--tools', hint: 'a comma list of tool names, e.g. --tools Read,Grep,Glob (codev tools lists them)' });
  return names;
}

function transportOption(options: { values: Values; env: Readonly<Record<string, string | undefined>>; generateToken: () => string }): McpServeTransport {
  const { values } = options;
  const kind = values.transport ?? 'stdio';
  if (kind !== 'stdio' && kind !== 'http') throw new CodevError('CLI_USAGE', `--transport must be stdio or http, not "${kind}"`, { field: '--transport', hint: 'stdio (the default) for a client that starts codev, http to serve clients that connect' });
  if (kind === 'stdio') {
    const misplaced = HTTP_ONLY.find((name) => values[name] !== undefined);
    if (misplaced) throw new CodevError('CLI_USAGE', `--${misplaced} is an option of --transport http`, { field: `--${misplaced}`, hint: 'add --transport http, or leave it out: over stdio the client starts codev itself' });
    return { kind };
  }
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new CodevError('CLI_USAGE', '--host is empty', { field: '--host', hint: 'e.g. --host 127.0.0.1' });
  return { kind, host, port: portOption(values.port), ...tokenOption({ values, env: options.env, host, generateToken: options.generateToken }) };
}

function portOption(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!DECIMAL_DIGITS.test(value) || port > 65_535) throw new CodevError('CLI_USAGE', `--port must be a port number from 0 to 65535, not "${value}"`, { field: '--port', hint: 'e.g. --port 8765 (0: a free port, printed)' });
  return port;
}

function tokenOption(options: { values: Values; env: Readonly<Record<string, string | undefined>>; host: string; generateToken: () => string }): { token: string | undefined; generated: boolean } {
  const { values, host } = options;
  const given = values.token ?? (options.env.CODEV_MCP_TOKEN || undefined);
  const from = values.token !== undefined ? '--token' : 'CODEV_MCP_TOKEN';
  if (values['no-token'] && values.token !== undefined) throw new CodevError('CLI_USAGE', '--no-token and --token go against each other', { field: '--no-token', hint: 'give one of them' });
  if (given !== undefined && given.trim() === '') throw new CodevError('CLI_USAGE', `${from} is empty`, { field: from, hint: 'a long random string, e.g. CODEV_MCP_TOKEN=$(openssl rand -hex 32)' });
  if (isLoopbackHost(host)) {
    if (values['no-token']) return { token: undefined, generated: false };
    return given === undefined ? { token: options.generateToken(), generated: true } : { token: given, generated: false };
  }
  // Off loopback anyone who reaches the port calls the tools: the token must be chosen, and kept, by the person serving.
  if (values['no-token']) throw new CodevError('CLI_USAGE', `--no-token serves on loopback only, not on ${host}`, { field: '--no-token', hint: 'set CODEV_MCP_TOKEN (a long random string) for a host other than 127.0.0.1, ::1 or localhost' });
  if (given === undefined) throw new CodevError('CLI_USAGE', `--host ${host} is reachable from other machines: a token is required (CODEV_MCP_TOKEN or --token)`, { field: '--token', hint: 'CODEV_MCP_TOKEN=$(openssl rand -hex 32) codev mcp serve --transport http --host ...; clients send it as Authorization: Bearer <token>' });
  return { token: given, generated: false };
}
