#!/usr/bin/env node
/**
 * mcp-serve's baseline: the same two operations as codev's Read and Bash served by a plain MCP SDK server (the
 * SDK's low-level `Server` over stdio, as codev's is), with nothing around them: no validation but the SDK's,
 * no rules, hooks, shell analysis or sandbox. Read returns the file's text; Bash runs `bash -c <command>`
 * and returns its output and exit code.
 *
 *   node bench/mcp-serve/plain-mcp-server.mjs     (the cwd is the project)
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  { name: 'Read', description: 'Reads a file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] }, annotations: { readOnlyHint: true } },
  { name: 'Bash', description: 'Runs a bash command', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
];

const server = new Server({ name: 'plain', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  const input = params.arguments ?? {};
  if (params.name === 'Read') return text(await readFile(path.resolve(String(input.file_path)), 'utf8'));
  if (params.name === 'Bash') return runBash(String(input.command));
  return { content: [{ type: 'text', text: `No tool ${params.name}` }], isError: true };
});
await server.connect(new StdioServerTransport());

function text(value, isError = false) {
  return { content: [{ type: 'text', text: value }], isError };
}

function runBash(command) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve(text(String(error), true)));
    child.on('close', (code) => resolve(text(`${output}${code === 0 ? '' : `\nExit code ${code}`}`, code !== 0)));
  });
}
