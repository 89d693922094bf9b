import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../testing/create-test-context.ts';
import { createTestKernel, type TestKernel } from '../testing/create-test-kernel.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { UserQuestion } from '../tool/ask-user.ts';
import { withToolSource } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { agentTool } from '../tools/Agent/index.ts';
import { requestsOf, resultTexts, runMain, serveConversations, toolNames } from '../tools/Agent/test-fixtures/agent.ts';
import { askUserQuestionTool } from '../tools/AskUserQuestion/index.ts';
import { todoWriteTool } from '../tools/TodoWrite/index.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../transcripts/sessions-directory.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent } from './types.ts';

const builtin = (tool: Tool) => withToolSource(tool, { type: 'builtin' });
const tools = [agentTool, todoWriteTool, askUserQuestionTool].map(builtin);
const MAIN = 'set up the login page';
const SUB = 'find how login works';
const question = { question: 'Which auth method?', header: 'Auth', options: [{ label: 'OAuth', description: 'A provider' }, { label: 'Password', description: 'Email and password' }] };
const plan = [{ content: 'Add the form', status: 'in_progress', activeForm: 'Adding the form' }, { content: 'Test it', status: 'pending' }];

let kernel: TestKernel | undefined;
afterEach(async () => {
  await kernel?.cleanup();
  kernel = undefined;
});

describe('TodoWrite and AskUserQuestion in the agent loop', () => {
  it('offers AskUserQuestion only with askUser, and sends the answer back to the model', async () => {
    const server = await serveConversations({ [MAIN]: [toolUseReply('AskUserQuestion', { questions: [question] }), textReply('Using OAuth.')] });
    const asked: (readonly UserQuestion[])[] = [];
    const askUser = (questions: readonly UserQuestion[]) => (asked.push(questions), { 'Which auth method?': 'OAuth' });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }), agentOptions: { askUser } });
    expect(toolNames(server.requests[0]!)).toContain('AskUserQuestion');
    expect(asked).toEqual([[{ ...question, multiSelect: false }]]);
    expect(resultTexts(events, 'AskUserQuestion')[0]).toContain('"Which auth method?"="OAuth"');
    expect(JSON.stringify(server.requests[1]!.body.messages!.at(-1))).toContain('\\"Which auth method?\\"=\\"OAuth\\"');
  });

  it('without askUser the tool is not offered, and a call anyway is QUESTION_UNANSWERABLE', async () => {
    const server = await serveConversations({ [MAIN]: [toolUseReply('AskUserQuestion', { questions: [question] }), textReply('Assuming OAuth.')] });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    expect(toolNames(server.requests[0]!)).not.toContain('AskUserQuestion');
    expect(toolNames(server.requests[0]!)).toContain('TodoWrite');
    const result = events.find((event) => event.type === 'tool-result');
    expect(result).toMatchObject({ isError: true, errorCode: 'QUESTION_UNANSWERABLE' });
  });

  it('an allow rule (or a skill grant) for AskUserQuestion does not answer for the user', async () => {
    const server = await serveConversations({ [MAIN]: [toolUseReply('AskUserQuestion', { questions: [question] }), textReply('ok')] });
    let asked = 0;
    const askUser = () => (asked++, { 'Which auth method?': 'Password' });
    const context = () => createTestContext({ tools, allow: { session: ['AskUserQuestion'], skill: ['AskUserQuestion'] } });
    const events = await runMain({ server, prompt: MAIN, context, agentOptions: { askUser, canUseTool: () => ({ behavior: 'allow' }) } });
    expect(asked).toBe(1);
    expect(resultTexts(events, 'AskUserQuestion')[0]).toContain('"Which auth method?"="Password"');
  });

  it('a subagent never inherits askUser: its requests go without AskUserQuestion', async () => {
    const server = await serveConversations({
      [MAIN]: [toolUseReply('Agent', { description: 'Explore login', prompt: SUB, subagent_type: 'general-purpose' }), textReply('done')],
      [SUB]: [toolUseReply('AskUserQuestion', { questions: [question] }), textReply('I assumed OAuth.')],
    });
    let asked = 0;
    await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }), agentOptions: { askUser: () => (asked++, {}), canUseTool: () => ({ behavior: 'allow' }) } });
    expect(toolNames(server.requests[0]!)).toContain('AskUserQuestion');
    const [first, second] = requestsOf(server, SUB);
    expect(toolNames(first!)).not.toContain('AskUserQuestion');
    expect(JSON.stringify(second!.body.messages!.at(-1))).toContain('No one can answer questions here');
    expect(asked).toBe(0);
  });

  it('TodoWrite reports the list as todos progress, and a resumed session keeps it', async () => {
    kernel = await createTestKernel({ mcp: false, env: {}, baseTools: [todoWriteTool] });
    const server = await serveConversations({
      // The resumed conversation starts with the same first message: its replies go on in the same script.
      [MAIN]: [toolUseReply('TodoWrite', { todos: plan }), textReply('Started.'), toolUseReply('TodoWrite', { todos: [{ content: 'Test it', status: 'in_progress' }] }), textReply('Testing.')],
    });
    const agentOf = (resume?: string) => createAgent({ kernel: kernel!.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, resume });
    const first = agentOf();
    const events: AgentEvent[] = [];
    for await (const event of first.query(MAIN)) events.push(event);
    await first.close();
    const progress = events.flatMap((event) => (event.type === 'tool-progress' ? [event.progress] : []));
    expect(progress).toEqual([{ type: 'todos', agentId: 'main', todos: plan }]);
    const stored = await createFileSessionStore({ directory: sessionsDirectory(kernel.root) }).read(first.sessionId!);
    expect(stored.state?.todos).toEqual(plan);

    const resumed = agentOf(first.sessionId);
    const later: AgentEvent[] = [];
    for await (const event of resumed.query('go on')) later.push(event);
    await resumed.close();
    const result = later.find((event) => event.type === 'tool-result');
    expect(result).toMatchObject({ output: { oldTodos: plan } });
  });
});
