import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Kernel } from '../../../kernel/types.ts';
import type { CodevMcpServer, McpServerSession, McpTransport } from '../../types.ts';

/**
 * A CodevMcpServer of the tests' own on the SDK's plain Server, for the HTTP layer alone: `echo`, `remember` and
 * `recall` (state of the session, to tell sessions apart), and `sleep`, which runs `sleep 60`, writes its PID to
 * `pidFile` and kills it when the call is aborted (cancelled, or its session closed).
 */
export function createFixtureMcpServer(): CodevMcpServer & { readonly endedSessions: number } {
  const sessions = new Set<McpServerSession>();
  let endedSessions = 0;
  let closed = false;
  return {
    kernel: undefined as unknown as Kernel,
    get sessions() {
      return [...sessions];
    },
    get endedSessions() {
      return endedSessions;
    },
    async connect(transport: McpTransport) {
      if (closed) throw new Error('closed');
      const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
      const aborts = new Set<AbortController>();
      let remembered = '';
      let running = 0;
      let endSession!: () => void;
      const ended = new Promise<void>((resolve) => (endSession = resolve));
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: ['echo', 'remember', 'recall', 'sleep'].map((name) => ({ name, inputSchema: { type: 'object' as const } })),
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        const args = (request.params.arguments ?? {}) as Record<string, string>;
        if (request.params.name === 'remember') remembered = args.text ?? '';
        if (request.params.name !== 'sleep') return { content: [{ type: 'text', text: request.params.name === 'recall' ? remembered : (args.text ?? '') }] };
        const abort = new AbortController();
        aborts.add(abort);
        running += 1;
        try {
          const child = spawn('sleep', ['60'], { stdio: 'ignore' });
          writeFileSync(args.pidFile!, String(child.pid));
          const stop = () => child.kill('SIGKILL');
          extra.signal.addEventListener('abort', stop);
          abort.signal.addEventListener('abort', stop);
          const code = await new Promise((resolve) => child.once('exit', resolve));
          return { content: [{ type: 'text', text: `exit ${String(code)}` }] };
        } finally {
          running -= 1;
          aborts.delete(abort);
        }
      });
      const session: McpServerSession = {
        id: randomUUID(),
        get runningCalls() {
          return running;
        },
        async close() {
          for (const abort of aborts) abort.abort();
          await server.close();
        },
        closed: ended,
      };
      server.onclose = () => {
        for (const abort of aborts) abort.abort();
        if (sessions.delete(session)) endedSessions += 1;
        endSession();
      };
      sessions.add(session);
      await server.connect(transport);
      return session;
    },
    async close() {
      closed = true;
      await Promise.all([...sessions].map((session) => session.close()));
    },
  };
}
