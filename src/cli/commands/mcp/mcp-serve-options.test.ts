import { describe, expect, it } from 'vitest';
import { CodevError } from '../../../errors/codev-error.ts';
import { MCP_HELP } from '../../help.ts';
import { parseCommandLine } from '../../parse-command-line.ts';
import { MCP_SERVE_OPTIONS, mcpServeSettings } from './mcp-serve-options.ts';

function settings(argv: readonly string[], env: Record<string, string> = {}) {
  const { values } = parseCommandLine(argv, MCP_SERVE_OPTIONS);
  return mcpServeSettings({ values, cwd: '/project', env, generateToken: () => 'made-here' });
}

function usageError(argv: readonly string[], env: Record<string, string> = {}): { code: string; field?: string } {
  try {
    settings(argv, env);
  } catch (error) {
    if (!CodevError.isInstance(error)) throw error;
    return { code: error.code, field: error.field };
  }
  throw new Error(`codev mcp serve ${argv.join(' ')} was accepted`);
}

describe('the options of codev mcp serve', () => {
  it('default to stdio in the current folder, asks denied', () => {
    expect(settings([])).toEqual({ cwd: '/project', permissionMode: undefined, allow: [], deny: [], ask: [], askFallback: 'deny', tools: undefined, transport: { kind: 'stdio' } });
    expect(settings(['--cwd', 'app', '--tools', 'Read, Grep', '--ask-fallback', 'allow', '--deny', 'Bash(rm *)'])).toMatchObject({ cwd: '/project/app', tools: ['Read', 'Grep'], askFallback: 'allow', deny: ['Bash(rm *)'] });
  });

  it('over http on loopback: a token made here unless one is given (--token before CODEV_MCP_TOKEN), none with --no-token', () => {
    expect(settings(['--transport', 'http']).transport).toEqual({ kind: 'http', host: '127.0.0.1', port: 0, token: 'made-here', generated: true });
    expect(settings(['--transport', 'http', '--port', '8765'], { CODEV_MCP_TOKEN: 'mine' }).transport).toEqual({ kind: 'http', host: '127.0.0.1', port: 8765, token: 'mine', generated: false });
    expect(settings(['--transport', 'http', '--token', 'flag'], { CODEV_MCP_TOKEN: 'mine' }).transport).toMatchObject({ token: 'flag', generated: false });
    expect(settings(['--transport', 'http', '--host', 'localhost', '--no-token']).transport).toMatchObject({ token: undefined, generated: false });
    expect(settings(['--transport', 'http', '--host', '::1']).transport).toMatchObject({ host: '::1', token: 'made-here', generated: true });
  });

  it('off loopback: a token of the user is required, and --no-token refused', () => {
    expect(settings(['--transport', 'http', '--host', '0.0.0.0'], { CODEV_MCP_TOKEN: 'mine' }).transport).toMatchObject({ host: '0.0.0.0', token: 'mine', generated: false });
    expect(usageError(['--transport', 'http', '--host', '0.0.0.0'])).toEqual({ code: 'CLI_USAGE', field: '--token' });
    expect(usageError(['--transport', 'http', '--host', '192.0.2.1', '--no-token'], { CODEV_MCP_TOKEN: 'mine' })).toEqual({ code: 'CLI_USAGE', field: '--no-token' });
    for (const host of ['::', 'example.com', '128.0.0.1']) expect(usageError(['--transport', 'http', '--host', host])).toEqual({ code: 'CLI_USAGE', field: '--token' });
  });

  it('refuses each wrong value naming its flag', () => {
    expect(usageError(['--transport', 'sse'])).toEqual({ code: 'CLI_USAGE', field: '--transport' });
    expect(usageError(['--token', 'x'])).toEqual({ code: 'CLI_USAGE', field: '--token' });
    expect(usageError(['--port', '1'])).toEqual({ code: 'CLI_USAGE', field: '--port' });
    expect(usageError(['--transport', 'http', '--port', '65536'])).toEqual({ code: 'CLI_USAGE', field: '--port' });
    expect(usageError(['--transport', 'http', '--port', '-1'])).toMatchObject({ code: 'CLI_USAGE' });
    expect(usageError(['--transport', 'http', '--token', ''])).toEqual({ code: 'CLI_USAGE', field: '--token' });
    expect(usageError(['--transport', 'http'], { CODEV_MCP_TOKEN: ' ' })).toEqual({ code: 'CLI_USAGE', field: 'CODEV_MCP_TOKEN' });
    expect(usageError(['--ask-fallback', 'ask'])).toEqual({ code: 'CLI_USAGE', field: '--ask-fallback' });
    expect(usageError(['--tools', 'Read,'])).toEqual({ code: 'CLI_USAGE', field: '--tools' });
    expect(usageError(['--allow', 'Bash('])).toMatchObject({ code: 'CLI_USAGE' });
    expect(usageError(['--deny', 'bash(ls)'])).toEqual({ code: 'RULE_INVALID', field: '--deny' });
  });

  it('are each described in the help', () => {
    for (const option of Object.keys(MCP_SERVE_OPTIONS)) expect(MCP_HELP).toMatch(new RegExp(`^ {2}--${option}\\b`, 'm'));
  });
});
