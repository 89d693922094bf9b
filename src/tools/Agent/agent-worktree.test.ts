import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../agent/types.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import { WORKTREES_DIRECTORY } from '../../worktrees/index.ts';
import { writeTool } from '../Write/index.ts';
import { contextIn, createRepository, git, probeTool, temporaryFolder } from './test-fixtures/agent-worktree.ts';
import { requestsOf, runMain, serveConversations } from './test-fixtures/agent.ts';
import { agentTool } from './index.ts';
import type { AgentCompletedOutput } from '../../tool/agent-run.ts';

const MAIN = 'main task';
const SUB = 'work in your own checkout';
const tools = [agentTool, writeTool, probeTool];

/** A main agent that calls Agent once in a worktree, whose subagent makes `call` then reports. */
async function runIsolated(options: { cwd: string; name: string; call: ReturnType<typeof toolUseReply> }) {
  const server = await serveConversations({
    [MAIN]: [toolUseReply('Agent', { description: 'Isolated work', prompt: SUB, name: options.name, isolation: 'worktree' }), textReply('done')],
    [SUB]: [options.call, textReply('sub report')],
  });
  const events = await runMain({ server, prompt: MAIN, context: () => contextIn(options.cwd, tools, 'acceptEdits') });
  return { server, events, ...agentResult(server, events) };
}

/** The Agent call's result: what the parent model read next, and the tool's output. */
function agentResult(server: FakeMessagesServer, events: readonly AgentEvent[]) {
  const event = events.find((candidate) => candidate.type === 'tool-result' && candidate.toolName === 'Agent');
  if (event?.type !== 'tool-result') throw new Error('no Agent result');
  const [block] = requestsOf(server, MAIN)[1]!.body.messages!.at(-1)!.content as { type: string; content: string; is_error?: boolean }[];
  return { event, block: block!, output: event.output as AgentCompletedOutput | undefined };
}

/** What Probe reported to the subagent on its first call. */
function probed(server: FakeMessagesServer): { cwd: string; projectRoot?: string } {
  const [result] = requestsOf(server, SUB)[1]!.body.messages!.at(-1)!.content as { content: string; is_error?: boolean }[];
  expect(result!.is_error).toBeFalsy();
  return JSON.parse(result!.content);
}

describe('Agent tool with isolation: "worktree"', () => {
  it("keeps the subagent's edits in a kept worktree on a codev/ branch and reports them, leaving the checkout untouched", async () => {
    const repo = createRepository();
    const worktree = path.join(repo, WORKTREES_DIRECTORY, 'writer');
    const { server, block, output } = await runIsolated({ cwd: repo, name: 'writer', call: toolUseReply('Write', { file_path: path.join(worktree, 'notes.txt'), content: 'from the subagent\n' }) });
    expect(requestsOf(server, SUB)[0]!.body.system).toContain(`Working directory: ${worktree}`);
    const [written] = requestsOf(server, SUB)[1]!.body.messages!.at(-1)!.content as { content: string; is_error?: boolean }[];
    expect(written).toMatchObject({ content: expect.stringContaining('File created successfully') });
    expect(written!.is_error).toBeFalsy();
    expect(readFileSync(path.join(worktree, 'notes.txt'), 'utf8')).toBe('from the subagent\n');
    expect(existsSync(path.join(repo, 'notes.txt'))).toBe(false);
    expect(git(repo, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(output!.worktree).toEqual({ path: worktree, branch: 'codev/writer', kept: true, changedFiles: ['notes.txt'], commits: 0 });
    expect(block.is_error).toBeFalsy();
    expect(block.content).toContain('sub report');
    expect(block.content).toContain(`[Its changes are in the worktree ${worktree} on branch codev/writer: 1 changed file, 0 new commits.`);
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain(`worktree ${worktree}\n`);
    expect(git(repo, 'branch', '--list', 'codev/*')).toContain('codev/writer');
  });

  it('removes the worktree and its branch when the subagent changed nothing', async () => {
    const repo = createRepository();
    const worktree = path.join(repo, WORKTREES_DIRECTORY, 'reader');
    const { server, block, output } = await runIsolated({ cwd: repo, name: 'reader', call: toolUseReply('Probe', {}) });
    expect(probed(server).cwd).toBe(worktree);
    expect(output!.worktree).toEqual({ path: worktree, branch: 'codev/reader', kept: false, changedFiles: [], commits: 0 });
    expect(block.content).toContain('[It made no changes in its worktree, which was removed.]');
    expect(existsSync(worktree)).toBe(false);
    expect(git(repo, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(git(repo, 'branch', '--list', 'codev/*')).toBe('');
  });

  it("runs the subagent in the worktree's copy of the parent's subfolder", async () => {
    const repo = createRepository();
    const worktree = path.join(repo, WORKTREES_DIRECTORY, 'nested');
    const { server, output } = await runIsolated({ cwd: path.join(repo, 'packages', 'app'), name: 'nested', call: toolUseReply('Probe', { write: 'out.txt' }) });
    const inWorktree = path.join(worktree, 'packages', 'app');
    expect(requestsOf(server, SUB)[0]!.body.system).toContain(`Working directory: ${inWorktree}`);
    expect(probed(server)).toEqual({ cwd: inWorktree, projectRoot: inWorktree });
    expect(existsSync(path.join(inWorktree, 'out.txt'))).toBe(true);
    expect(existsSync(path.join(repo, 'packages', 'app', 'out.txt'))).toBe(false);
    expect(output!.worktree).toMatchObject({ kept: true, changedFiles: ['packages/app/out.txt'] });
  });

  it('maps a cwd and projectRoot reached through a symlink into the worktree', async () => {
    const repo = createRepository();
    const link = path.join(temporaryFolder(), 'link');
    symlinkSync(repo, link, 'dir');
    const worktree = path.join(repo, WORKTREES_DIRECTORY, 'linked');
    const { server, output } = await runIsolated({ cwd: path.join(link, 'packages', 'app'), name: 'linked', call: toolUseReply('Probe', {}) });
    const inWorktree = path.join(worktree, 'packages', 'app');
    expect(requestsOf(server, SUB)[0]!.body.system).toContain(`Working directory: ${inWorktree}`);
    // Not the worktree's root (a fallback), nor the link or the checkout it points at.
    expect(probed(server)).toEqual({ cwd: inWorktree, projectRoot: inWorktree });
    expect(output!.worktree).toMatchObject({ path: worktree, kept: false });
  });

  it('fails the call with an error result outside a git repository, and starts no subagent', async () => {
    const folder = temporaryFolder();
    const { server, events, event, block, output } = await runIsolated({ cwd: folder, name: 'lost', call: toolUseReply('Probe', {}) });
    expect(event).toMatchObject({ status: 'error', isError: true, errorCode: 'WORKTREE_NOT_GIT' });
    expect(output).toBeUndefined();
    expect(block.is_error).toBe(true);
    // The model reads the text of CodevError('WORKTREE_NOT_GIT'); the event carries its code.
    expect(block.content).toContain(`${folder} is not inside a git work tree, so the agent cannot get its own worktree`);
    expect(requestsOf(server, SUB)).toHaveLength(0);
    expect(existsSync(path.join(folder, WORKTREES_DIRECTORY))).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });
});
