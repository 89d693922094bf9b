import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineHook } from '../../hooks/define-hook.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { taskOutputTool } from '../TaskOutput/index.ts';
import { taskStopTool } from '../TaskStop/index.ts';
import { echoTool, requestsOf, resultTexts, runMain, serveConversations, sleepTool, toolNames } from './test-fixtures/agent.ts';
import { agentTool } from './index.ts';

const MAIN = 'main task';
const SUB = 'look for the answer';
const tools = [agentTool, echoTool, sleepTool, taskOutputTool, taskStopTool];

describe('Agent tool', () => {
  it('runs a subagent to the end and returns its report, with AgentProgress on the way', async () => {
    const server = await serveConversations({
      [MAIN]: [toolUseReply('Agent', { description: 'Find answer', prompt: SUB, subagent_type: 'Explore' }), textReply('done')],
      [SUB]: [toolUseReply('Echo', { text: 'probe' }), textReply('The answer is 42.')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    const [report] = resultTexts(events, 'Agent');
    expect(report).toContain('The answer is 42.');
    expect(report).toMatch(/type: Explore · 1 tool use/);
    const progress = events.flatMap((event) => (event.type === 'tool-progress' ? [event.progress] : []));
    expect(progress).toContainEqual(expect.objectContaining({ type: 'agent_progress', agentType: 'Explore', message: 'Echo(probe)', toolUseCount: 1 }));
    const [first] = requestsOf(server, SUB);
    expect(first!.body.system).toContain('read-only exploration subagent');
    // Explore goes without the tools that write or nest.
    expect(toolNames(first!)).not.toContain('Agent');
    expect(toolNames(first!)).toContain('Echo');
    expect(requestsOf(server, SUB)[1]!.body.messages!.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', content: 'echo: probe' }] });
  });

  it("applies the parent's rules, prompts and hooks to the subagent's calls, and never widens its mode", async () => {
    const seen: string[] = [];
    const hook = defineHook({ event: 'PreToolUse', name: 'audit', handler: (input) => void seen.push(input.toolName) });
    const asked: string[] = [];
    const canUseTool: CanUseTool = (tool) => {
      asked.push(tool.name);
      return { behavior: 'allow' };
    };
    const server = await serveConversations({
      [MAIN]: [toolUseReply('Agent', { description: 'Probe', prompt: SUB, mode: 'bypassPermissions' }), textReply('done')],
      [SUB]: [{ content: [{ type: 'tool_use', name: 'Echo', input: { text: 'a' } }, { type: 'tool_use', name: 'Sleep', input: {} }] }, textReply('finished')],
    });
    const events = await runMain({
      server,
      prompt: MAIN,
      context: () => createTestContext({ tools, hooks: [hook], deny: ['Echo'], ask: ['Sleep'] }),
      agentOptions: { canUseTool: (tool, input, options) => (tool.name === 'Sleep' ? { behavior: 'deny', message: 'not now' } : canUseTool(tool, input, options)) },
    });
    const [report] = resultTexts(events, 'Agent');
    expect(report).toContain('finished');
    expect(report).toContain('runs in "default"');
    const results = requestsOf(server, SUB)[1]!.body.messages!.at(-1)!.content as { content: string; is_error?: boolean }[];
    expect(results.map((result) => result.is_error)).toEqual([true, true]);
    expect(results[0]!.content).toContain("rule 'Echo'");
    expect(seen).toEqual(expect.arrayContaining(['Agent', 'Echo', 'Sleep']));
  });

  it('stops nesting at the depth limit and refuses more subagents than the limit allows', async () => {
    const server = await serveConversations({
      [MAIN]: [{ content: [{ type: 'tool_use', name: 'Agent', input: { description: 'One', prompt: SUB } }, { type: 'tool_use', name: 'Agent', input: { description: 'Two', prompt: 'second' } }] }, textReply('done')],
      [SUB]: [textReply('first report')],
      second: [textReply('second report')],
    // Whichever subagent gets the slot keeps it long enough for the other call to be refused, however slow the machine.
    }, { holdMs: { [SUB]: 500, second: 500 } });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }), agentOptions: { subagentLimits: { maxDepth: 1, maxConcurrent: 1 } } });
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.type === 'tool-result' && event.isError).sort()).toEqual([false, true]);
    expect(resultTexts(events, 'Agent').join('\n')).toMatch(/1 subagents are already running/);
    const subRequest = [...requestsOf(server, SUB), ...requestsOf(server, 'second')][0]!;
    expect(toolNames(subRequest)).not.toContain('Agent');
  });

  it('uses agent types from agents/*.md and names the unknown or broken ones', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'codev-agent-types-'));
    mkdirSync(path.join(project, 'agents'));
    writeFileSync(path.join(project, 'agents', 'echoer.md'), '---\ndescription: Echoes things\ntools: Echo\nmaxTurns: 3\n---\nYou only echo.\n');
    writeFileSync(path.join(project, 'agents', 'broken.md'), '---\ndescription: x\ncolour: red\n---\nBody\n');
    const server = await serveConversations({
      [MAIN]: [
        { content: [
          { type: 'tool_use', name: 'Agent', input: { description: 'Echo it', prompt: SUB, subagent_type: 'echoer' } },
          { type: 'tool_use', name: 'Agent', input: { description: 'Nope', prompt: 'x', subagent_type: 'missing' } },
          { type: 'tool_use', name: 'Agent', input: { description: 'Bad', prompt: 'y', subagent_type: 'broken' } },
        ] },
        textReply('done'),
      ],
      [SUB]: [textReply('echoed')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools, cwd: project }), agentOptions: { subagentLimits: {} } });
    const texts = resultTexts(events, 'Agent');
    expect(texts[0]).toContain('echoed');
    expect(texts[1]).toMatch(/Unknown agent type "missing"\. Available: .*echoer/);
    expect(texts[2]).toMatch(/broken\.md:3: unknown field "colour"/);
    const [first] = requestsOf(server, SUB);
    expect(toolNames(first!)).toEqual(['Echo']);
    expect(first!.body.system).toContain('You only echo.');
    const mainTools = requestsOf(server, MAIN)[0]!.body.tools as { name: string; description: string }[];
    expect(mainTools.find((tool) => tool.name === 'Agent')!.description).toContain('- echoer: Echoes things (Tools: Echo)');
  });

  it('runs in the background: TaskOutput reads the report, TaskStop ends a running one', async () => {
    const server = await serveConversations({
      [MAIN]: [
        { content: [
          { type: 'tool_use', name: 'Agent', input: { description: 'Quick', prompt: SUB, run_in_background: true, name: 'quick' } },
          { type: 'tool_use', name: 'Agent', input: { description: 'Slow', prompt: 'slow', run_in_background: true, name: 'slow' } },
        ] },
        { content: [{ type: 'tool_use', name: 'TaskOutput', input: { task_id: 'quick', block: true, timeout: 10_000 } }] },
        { content: [{ type: 'tool_use', name: 'TaskStop', input: { task_id: 'slow' } }] },
        textReply('done'),
      ],
      [SUB]: [toolUseReply('Echo', { text: 'bg' }), textReply('background report')],
      slow: [toolUseReply('Sleep', {})],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    expect(resultTexts(events, 'Agent')[0]).toMatch(/Started agent quick .* in the background/);
    const [output] = resultTexts(events, 'TaskOutput');
    expect(output).toContain('<retrieval_status>success</retrieval_status>');
    expect(output).toContain('<status>completed</status>');
    expect(output).toContain('Echo(bg)');
    expect(output).toContain('background report');
    const [stopped] = resultTexts(events, 'TaskStop');
    expect(stopped).toMatch(/slow/);
  });

  it('refuses a cwd outside the working directories', async () => {
    const server = await serveConversations({
      [MAIN]: [toolUseReply('Agent', { description: 'Escape', prompt: SUB, cwd: '/' }), textReply('done')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    const result = events.find((event) => event.type === 'tool-result')!;
    expect(result).toMatchObject({ status: 'invalid-input', isError: true });
    expect(requestsOf(server, SUB)).toHaveLength(0);
  });

  it('says clearly that it needs an agent loop when called without one', async () => {
    const { runTool } = await import('../../testing/run-tool.ts');
    const { result } = await runTool({ name: 'Agent', input: { description: 'x', prompt: 'y' }, context: createTestContext({ tools }) });
    expect(result.status).toBe('invalid-input');
    expect(result.isError).toBe(true);
  });
});
