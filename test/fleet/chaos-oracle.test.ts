/**
 * The chaos test's own checks can fail: the oracle replays a transcript's writes, the transcript check finds
 * a doubled or missing turn, and the branch check finds a missing base file, a parentless commit, an
 * extra file or a wrong content, on a real git repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { answeredCalls, chaosPrompt, chaosReply } from './test-fixtures/chaos-model.ts';
import { checkJobBranch } from './test-fixtures/check-job-branch.ts';
import { checkJobTranscript } from './test-fixtures/check-job-transcript.ts';
import { createChaosRepository } from './test-fixtures/create-chaos-repository.ts';
import { replayTranscriptWrites } from './test-fixtures/replay-transcript-writes.ts';

const CWD = '/checkouts/job';
const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-chaos-oracle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The transcript of a whole chaos job whose every call succeeds, except those `fails` names (by call number). */
function transcript(rounds: number, fails: readonly number[] = []): Anthropic.MessageParam[] {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: chaosPrompt('t', rounds) }];
  for (;;) {
    const reply = chaosReply(messages);
    messages.push({ role: 'assistant', content: reply.content.map((block) => (block.type === 'tool_use' ? { type: 'tool_use', id: block.id!, name: block.name, input: block.input } : (block as Anthropic.TextBlockParam))) });
    const use = reply.content.find((block) => block.type === 'tool_use');
    if (!use) return messages;
    const failed = fails.includes(answeredCalls(messages).length);
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id!, content: use.input.command === 'pwd' ? `${CWD}\n` : failed ? 'File has not been read yet.' : 'ok', ...(failed && { is_error: true }) }] });
  }
}

describe('the chaos oracle', () => {
  it('replays the successful writes, appends and edits of a transcript onto the base', () => {
    const messages = transcript(2, [5]);
    expect(checkJobTranscript({ tag: 't', messages })).toEqual([]);
    const { files, problems } = replayTranscriptWrites({ base: new Map([['README.md', '## Log\n'], ['keep.txt', 'k\n']]), calls: answeredCalls(messages) });
    expect(problems).toEqual([]);
    expect(Object.fromEntries(files)).toEqual({
      'README.md': '## Log\n- t round 2\n- t round 1\n',
      'keep.txt': 'k\n',
      'work/t/round-1.txt': 't round 1: written\nt round 1: appended\n',
      'work/t/round-2.txt': 't round 2: written\nt round 2: appended\n',
    });
  });

  it('says so when a transcript claims a write outside its checkout or a command it cannot replay', () => {
    const calls = [
      { use: { type: 'tool_use' as const, id: 'p', name: 'Bash', input: { command: 'pwd' } }, result: { type: 'tool_result' as const, tool_use_id: 'p', content: CWD } },
      { use: { type: 'tool_use' as const, id: 'a', name: 'Write', input: { file_path: '/elsewhere/x.txt', content: 'x' } }, result: { type: 'tool_result' as const, tool_use_id: 'a', content: 'ok' } },
      { use: { type: 'tool_use' as const, id: 'b', name: 'Bash', input: { command: 'rm -rf work' } }, result: { type: 'tool_result' as const, tool_use_id: 'b', content: '' } },
    ];
    expect(replayTranscriptWrites({ base: new Map(), calls }).problems).toHaveLength(2);
  });

  it('finds a doubled turn and a missing one in a transcript', () => {
    const messages = transcript(1);
    const doubled = [...messages.slice(0, 4), ...messages.slice(2, 4), ...messages.slice(4)];
    expect(checkJobTranscript({ tag: 't', messages: doubled }).length).toBeGreaterThan(0);
    const missing = [...messages.slice(0, 2), ...messages.slice(4)];
    expect(checkJobTranscript({ tag: 't', messages: missing }).length).toBeGreaterThan(0);
  });

  it('finds a branch that lost a base file, has a parentless commit, an extra file or another content', () => {
    const { repository, baseCommit, baseFiles } = createChaosRepository(folder);
    const work = path.join(folder, 'work');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    execFileSync('git', ['clone', '-q', repository, work]);
    const expected = new Map([...baseFiles, ['new.txt', 'new\n']]);
    writeFileSync(path.join(work, 'new.txt'), 'new\n');
    git('add', '.');
    git('commit', '-qm', 'right');
    git('push', '-q', 'origin', 'HEAD:refs/heads/codev/jobs/right');
    expect(checkJobBranch({ repository, branch: 'codev/jobs/right', baseCommit, expected })).toEqual([]);
    expect(checkJobBranch({ repository, branch: 'codev/jobs/none', baseCommit, expected })).toHaveLength(1);
    writeFileSync(path.join(work, 'new.txt'), 'other\n');
    writeFileSync(path.join(work, 'extra.txt'), 'extra\n');
    git('rm', '-q', 'README.md');
    git('add', '.');
    git('commit', '-qm', 'wrong');
    git('push', '-q', 'origin', 'HEAD:refs/heads/codev/jobs/wrong');
    expect(checkJobBranch({ repository, branch: 'codev/jobs/wrong', baseCommit, expected })).toHaveLength(3);
    git('checkout', '-q', '--orphan', 'lonely');
    git('rm', '-rqf', '.');
    git('commit', '-q', '--allow-empty', '-m', 'empty tree');
    git('push', '-q', 'origin', 'HEAD:refs/heads/codev/jobs/lonely');
    const lonely = checkJobBranch({ repository, branch: 'codev/jobs/lonely', baseCommit, expected });
    expect(lonely.some((problem) => problem.includes('parentless'))).toBe(true);
    expect(lonely.some((problem) => problem.includes('README.md'))).toBe(true);
  });
});
