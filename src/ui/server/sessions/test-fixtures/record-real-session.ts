/** A session written by a real agent (the fake model of codev/testing) in a throwaway project: what the sessions tests read. Not shipped. */
import path from 'node:path';
import { z } from 'zod';
import { createAgent } from '../../../../agent/create-agent.ts';
import { createTestKernel, type TestKernel } from '../../../../testing/create-test-kernel.ts';
import { createFakeMessagesServer } from '../../../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../../../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../../../../tool/build-tool.ts';
import { editTool } from '../../../../tools/Edit/index.ts';
import { todoWriteTool } from '../../../../tools/TodoWrite/index.ts';
import { writeTool } from '../../../../tools/Write/index.ts';
import { sessionsDirectory } from '../../../../transcripts/sessions-directory.ts';

/** The text of the large result the Big tool answers (saved to the session's folder, past its 1,000 characters). */
export const BIG_RESULT = Array.from({ length: 400 }, (_, index) => `line ${index} of a large result`).join('\n');
export const TODOS = [{ content: 'Write the notes', status: 'completed' }, { content: 'Edit them', status: 'in_progress', activeForm: 'Editing them' }];

const bigTool = withToolSource(
  buildTool({ name: 'Big', description: 'Prints a lot', inputSchema: z.object({}), isReadOnly: () => true, maxResultSizeChars: 1000, call: () => ({ data: BIG_RESULT }) }),
  { type: 'builtin' },
);

/** A project, its sessions folder and the session a real agent wrote there; `cleanup` removes it all. */
export interface RealSession {
  root: string;
  directory: string;
  sessionId: string;
  file: string;
  /** The notes file the agent wrote and edited. */
  notes: string;
  cleanup(): Promise<void>;
}

/**
 * Runs a real agent on `first prompt`: it thinks, writes a file, edits it, writes a task list, calls a tool
 * whose result is saved to a file, and answers; then the conversation is compacted and a second prompt answered.
 */
export async function recordRealSession(): Promise<RealSession> {
  const kernel: TestKernel = await createTestKernel({ mcp: false, env: {}, baseTools: [writeTool, editTool, todoWriteTool], extraTools: [bigTool], allow: ['Write', 'Edit', 'TodoWrite', 'Big'] });
  const notes = path.join(kernel.root, 'notes.txt');
  const replies: FakeReply[] = [
    { content: [{ type: 'thinking', thinking: 'Notes first, then the edit.' }, { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: notes, content: 'one\ntwo\nthree\n' } }] },
    toolUseReply('Edit', { file_path: notes, old_string: 'two', new_string: 'TWO\ntwo and a half' }, { id: 'toolu_edit' }),
    toolUseReply('TodoWrite', { todos: TODOS }, { id: 'toolu_todo' }),
    toolUseReply('Big', {}, { id: 'toolu_big' }),
    textReply('Done: the notes are written.'),
    textReply('A summary of what was done.'),
    textReply('Still here after the compaction.'),
  ];
  let server: FakeMessagesServer | undefined;
  try {
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
    const agent = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, thinking: { type: 'enabled', budgetTokens: 2048 }, maxTokens: 4096, checkpoints: false });
    for await (const _event of agent.query('first prompt\nwith a second line')) void _event;
    await agent.compact();
    for await (const _event of agent.query('second prompt')) void _event;
    await agent.close();
    const directory = sessionsDirectory(kernel.root);
    const sessionId = agent.sessionId!;
    return { root: kernel.root, directory, sessionId, file: path.join(directory, `${sessionId}.jsonl`), notes, cleanup: () => kernel.cleanup() };
  } catch (error) {
    await kernel.cleanup();
    throw error;
  } finally {
    await server?.close();
  }
}
