import type Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { checkBranchAgainstTranscript, findWorkspaceMismatches } from './check-branch-against-transcript.ts';

const checkout = mkdtempSync(path.join(os.tmpdir(), 'codev-branch-check-'));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

/** A conversation of tool calls, each answered with `ok` or an error. */
function calls(...made: { id: string; name: string; input: Record<string, unknown>; error?: boolean }[]): Anthropic.MessageParam[] {
  return made.flatMap((call): Anthropic.MessageParam[] => [
    { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.input }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: call.error ? 'denied' : 'ok', ...(call.error && { is_error: true }) }] },
  ]);
}
const file = (name: string) => path.join(checkout, name);

describe('findWorkspaceMismatches', () => {
  it('finds no mismatch when every written file holds what its last write left, line endings aside', async () => {
    writeFileSync(file('a.txt'), 'second\r\n');
    writeFileSync(file('b.txt'), 'start, edited, end');
    const messages = calls(
      { id: 't1', name: 'Write', input: { file_path: file('a.txt'), content: 'first\n' } },
      { id: 't2', name: 'Write', input: { file_path: 'a.txt', content: 'second\n' } },
      { id: 't3', name: 'Edit', input: { file_path: file('b.txt'), old_string: 'middle', new_string: 'edited' } },
      { id: 't4', name: 'Read', input: { file_path: file('b.txt') } },
      { id: 't5', name: 'Write', input: { file_path: file('denied.txt'), content: 'never' }, error: true },
    );
    expect(await findWorkspaceMismatches({ messages, checkout })).toEqual([]);
  });

  it('names a write outside the checkout, a missing file and a changed one', async () => {
    writeFileSync(file('changed.txt'), 'something else');
    const messages = calls(
      { id: 't1', name: 'Write', input: { file_path: path.join(path.dirname(checkout), 'elsewhere.txt'), content: 'x' } },
      { id: 't2', name: 'Write', input: { file_path: file('gone.txt'), content: 'x' } },
      { id: 't3', name: 'Write', input: { file_path: file('changed.txt'), content: 'as written' } },
      { id: 't4', name: 'Edit', input: { file_path: file('changed.txt'), old_string: 'as', new_string: 'was' } },
    );
    expect(await findWorkspaceMismatches({ messages, checkout })).toEqual([
      { file: path.join(path.dirname(checkout), 'elsewhere.txt'), toolUseId: 't1', problem: 'outside' },
      { file: file('gone.txt'), toolUseId: 't2', problem: 'missing' },
      { file: file('changed.txt'), toolUseId: 't4', problem: 'different' },
    ]);
  });

  it('does not judge a file a later call may have changed (Bash, a plugin tool)', async () => {
    const messages = calls(
      { id: 't1', name: 'Write', input: { file_path: file('removed.txt'), content: 'x' } },
      { id: 't2', name: 'Bash', input: { command: 'rm removed.txt' } },
      { id: 't3', name: 'Write', input: { file_path: file('kept.txt'), content: 'kept' } },
    );
    writeFileSync(file('kept.txt'), 'kept');
    expect(await findWorkspaceMismatches({ messages, checkout })).toEqual([]);
  });

  it("judges a write under an earlier attempt's checkout at its place in this one", async () => {
    writeFileSync(file('carried.txt'), 'carried');
    const messages = calls(
      { id: 't1', name: 'Write', input: { file_path: '/old/job/1/carried.txt', content: 'carried' } },
      { id: 't2', name: 'Write', input: { file_path: '/old/job/1/lost.txt', content: 'lost' } },
    );
    expect(await findWorkspaceMismatches({ messages, checkout, earlierCheckouts: ['/old/job/1', checkout] })).toEqual([{ file: file('lost.txt'), toolUseId: 't2', problem: 'missing' }]);
  });
});

describe('checkBranchAgainstTranscript', () => {
  it('throws WORKSPACE_MISMATCH naming the file', async () => {
    const messages = calls({ id: 't1', name: 'Write', input: { file_path: file('absent.txt'), content: 'x' } });
    const error = await checkBranchAgainstTranscript({ messages, checkout, jobId: 'job-1' }).then(() => undefined, (caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('WORKSPACE_MISMATCH');
    expect((error as CodevError).file).toBe(file('absent.txt'));
  });
});
