/**
 * A second real client: the MCP TypeScript SDK's 2.x client (`@modelcontextprotocol/client`, pinned in
 * test/interop/package.json; codev itself is served with the 1.x SDK), over stdio against `codev mcp serve`.
 * It declares the elicitation capability, so an ask reaches it as a form it answers; results carry codev's
 * `_meta["codev/result"]`; a long Bash reports progress; the same over Streamable HTTP with the bearer token.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN } from '../cli/run-codev.ts';
import { installedModule } from './find-interop-clients.ts';
import { installInteropClients } from './install-interop-clients.ts';
import { startCodevHttp } from './start-codev-http.ts';

const MARKER = 'sdk 2 marker 5be0';

/** What these tests use of the 2.x client (its types live in test/interop's own install). */
interface ToolResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
  _meta?: Record<string, any>;
}
interface V2Client {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  getServerVersion(): { name: string; version: string } | undefined;
  getServerCapabilities(): Record<string, any> | undefined;
  listTools(): Promise<{ tools: { name: string; annotations?: Record<string, unknown> }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }, options?: { onprogress?: (progress: { progress: number; message?: string }) => void }): Promise<ToolResult>;
  setRequestHandler(method: 'elicitation/create', handler: (request: { params: Record<string, any> }) => Promise<Record<string, unknown>>): void;
}

type Answer = 'once' | 'decline';

let modules: { Client: new (info: object, options: object) => V2Client; StdioClientTransport: new (parameters: object) => unknown; StreamableHTTPClientTransport: new (url: URL, options: object) => unknown };
const clients: V2Client[] = [];

beforeAll(async () => {
  const installed = await installInteropClients();
  const [{ Client, StreamableHTTPClientTransport }, { StdioClientTransport }] = await Promise.all([import(installedModule(installed, '@modelcontextprotocol/client/dist/index.mjs')), import(installedModule(installed, '@modelcontextprotocol/client/dist/stdio.mjs'))]);
  modules = { Client, StdioClientTransport, StreamableHTTPClientTransport };
}, 600_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function makeProject(): string {
  const project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-project-')));
  writeFileSync(path.join(project, 'notes.txt'), `${MARKER}\n`);
  return project;
}

/**
 * A 2.x client connected to `codev mcp serve --cwd <project> <flags>` over stdio, or to `http` (a served URL and
 * its token); its elicitations answered `answer`, and recorded.
 */
async function connect(project: string, options: { flags?: readonly string[]; answer?: Answer; http?: { url: string; token: string } } = {}): Promise<{ client: V2Client; elicitations: Record<string, any>[] }> {
  const client = new modules.Client({ name: 'codev-interop-v2', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const elicitations: Record<string, any>[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    elicitations.push(request.params);
    if (options.answer !== 'once') return { action: 'decline' };
    const content = Object.fromEntries(Object.entries<Record<string, any>>(request.params.requestedSchema?.properties ?? {}).map(([name, property]) => [name, choose(property)]));
    return { action: 'accept', content };
  });
  const home = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-home-')));
  const env = { PATH: process.env.PATH ?? '', HOME: home, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '' };
  const transport = options.http
    ? new modules.StreamableHTTPClientTransport(new URL(options.http.url), { requestInit: { headers: { Authorization: `Bearer ${options.http.token}` } } })
    : new modules.StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--cwd', project, ...(options.flags ?? [])], cwd: project, env, stderr: 'ignore' });
  await client.connect(transport);
  clients.push(client);
  return { client, elicitations };
}

/** "Allow once" in the form codev sends: the choice that says "once", else the first that allows. */
function choose(property: Record<string, any>): unknown {
  const values: unknown[] = property.enum ?? (property.oneOf ?? property.anyOf ?? []).map((option: { const: unknown }) => option.const);
  if (values.length > 0) return values.find((value) => /once/i.test(String(value))) ?? values.find((value) => /allow|yes|accept/i.test(String(value))) ?? values[0];
  return property.type === 'boolean' ? false : (property.default ?? '');
}

const text = (result: ToolResult): string => result.content.map((part) => part.text ?? '').join('');

describe('the MCP SDK 2.x client with codev mcp serve', () => {
  it("initializes, lists codev's tools with their annotations, and calls Read", async () => {
    const project = makeProject();
    const { client } = await connect(project);
    expect(client.getServerVersion()?.name).toBe('codev');
    expect(client.getServerCapabilities()?.tools).toMatchObject({ listChanged: true });
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('Read')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('Bash')?.annotations).toMatchObject({ readOnlyHint: false });
    expect(byName.has('Agent')).toBe(false);
    const result = await client.callTool({ name: 'Read', arguments: { file_path: path.join(project, 'notes.txt') } });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain(MARKER);
    expect(result._meta?.['codev/result']).toMatchObject({ decision: { behavior: 'allow' }, durationMs: expect.any(Number) });
  }, 60_000);

  it('gets a --deny rule as an error result whose meta names the decision', async () => {
    const project = makeProject();
    const { client } = await connect(project, { flags: ['--deny', 'Read(notes.txt)'] });
    const result = await client.callTool({ name: 'Read', arguments: { file_path: path.join(project, 'notes.txt') } });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toContain(MARKER);
    expect(result._meta?.['codev/result']).toMatchObject({ decision: { behavior: 'deny', rule: 'Read(notes.txt)' } });
  }, 60_000);

  it('answers an ask as an elicitation form: allowed once, the command runs', async () => {
    const project = makeProject();
    const { client, elicitations } = await connect(project, { answer: 'once' });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked.txt' } });
    expect(result.isError, text(result)).toBeFalsy();
    expect(elicitations).toEqual([expect.objectContaining({ message: expect.stringContaining('touch asked.txt'), requestedSchema: expect.objectContaining({ type: 'object' }) })]);
    expect(existsSync(path.join(project, 'asked.txt'))).toBe(true);
  }, 60_000);

  it('declines an ask: the call is denied and nothing runs', async () => {
    const project = makeProject();
    const { client, elicitations } = await connect(project, { answer: 'decline' });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked.txt' } });
    expect(result.isError).toBe(true);
    expect(elicitations).toHaveLength(1);
    expect(existsSync(path.join(project, 'asked.txt'))).toBe(false);
  }, 60_000);

  it('receives progress notifications of a long Bash call', async () => {
    const project = makeProject();
    const { client } = await connect(project, { flags: ['--allow', 'Bash(sleep:*)'] });
    const progress: { progress: number }[] = [];
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'sleep 3' } }, { onprogress: (update) => progress.push(update) });
    expect(result.isError, text(result)).toBeFalsy();
    expect(progress.length).toBeGreaterThan(0);
  }, 60_000);

  it('over Streamable HTTP with the bearer token: an ask reaches it as an elicitation, allowed once, and runs', async () => {
    const project = makeProject();
    const token = 'interop-token-v2-0b9c8d7e';
    const server = await startCodevHttp({ project, token });
    try {
      const { client, elicitations } = await connect(project, { answer: 'once', http: { url: server.url, token } });
      expect(text(await client.callTool({ name: 'Read', arguments: { file_path: path.join(project, 'notes.txt') } }))).toContain(MARKER);
      const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked.txt' } });
      expect(result.isError, text(result)).toBeFalsy();
      expect(elicitations).toHaveLength(1);
      expect(existsSync(path.join(project, 'asked.txt'))).toBe(true);
      await client.close();
    } finally {
      await server.stop();
    }
  }, 60_000);
});
