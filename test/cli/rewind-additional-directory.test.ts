import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createFakeMessagesServer, textReply, toolUseReply } from '../../src/testing/index.ts';
import { codevIn, createRewindProject } from './test-fixtures/rewind-project.ts';

// A session that worked in a directory besides the project (the config's permissions.additionalDirectories):
// codev rewind must be able to put that directory back, as agent.rewind does.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

it('codev rewind puts back a file the agent wrote in an additional working directory of the project', { timeout: 120_000 }, async () => {
  const shared = mkdtempSync(path.join(os.tmpdir(), 'codev-shared-'));
  cleanups.push(() => rmSync(shared, { recursive: true, force: true }));
  const project = await createRewindProject({ extra: { 'codev.config.json': JSON.stringify({ permissions: { additionalDirectories: [shared] } }) } });
  const note = path.join(shared, 'note.txt');
  const server = await createFakeMessagesServer({
    script: (request) => {
      const last = request.body.messages?.at(-1);
      const asked = typeof last?.content === 'string' && last.content.includes('write the note');
      return asked ? toolUseReply('Write', { file_path: note, content: 'note\n' }) : textReply('done');
    },
  });
  cleanups.push(async () => {
    await server.close();
    await project.cleanup();
  });
  const codev = codevIn(project.root, server.url);

  const run = await codev(['run', 'agent.ts', 'write the note', '--permission-mode', 'bypassPermissions']);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(readFileSync(note, 'utf8')).toBe('note\n');

  const rewind = await codev(['rewind', '--to', '1', '--files-only']);
  expect({ code: rewind.code, stderr: rewind.stderr }).toMatchObject({ code: 0, stderr: "" });
  expect(existsSync(note)).toBe(false);
});
