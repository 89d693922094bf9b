import { linkSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run-command.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';

/**
 * Class 7 of issue 29, attachments: `codev run agent.ts @file` attached any file, one a Read deny rule covers
 * or one outside the project included. Each case runs `codev run` in-process against the fake Messages API
 * and is judged by what that server received: a refused file ends the run with ATTACHMENT_REFUSED before any
 * request is made.
 */
const SECRET = 'sk-live-91b2-attachments';

let project: TempProject;
let root: string;
let outside: string;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    location: 'os-tmpdir',
    files: {
      'package.json': '{ "type": "module" }',
      'codev.config.json': JSON.stringify({ permissions: { deny: ['Read(.env)', 'Read(secrets/**)'] } }),
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ system: 'Be brief.' });\n`,
      '.env': `TOKEN=${SECRET}\n`,
      'secrets/key.txt': `${SECRET}\n`,
      'secrets/inner/readme.txt': 'inner\n',
      'README.md': '# Victim\n\nThe readme text.\n',
    },
  });
  root = realpathSync(project.root);
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-outside-')));
  writeFileSync(path.join(outside, 'notes.txt'), `outside ${SECRET}\n`);
  linkSync(path.join(root, '.env'), path.join(root, 'hardlink-to-env'));
  symlinkSync('.env', path.join(root, 'link-to-env'));
  // The OS reads inner-link/../key.txt as secrets/key.txt; lexically it is key.txt, which does not exist.
  symlinkSync('secrets/inner', path.join(root, 'inner-link'));
  symlinkSync(path.join(outside, 'notes.txt'), path.join(root, 'link-outside.txt'));
  server = await createFakeMessagesServer({ apiKey: 'k', script: () => textReply('done') });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

/** `codev run agent.ts <words>` from the project; the error code it ended with, and the requests it made. */
async function run(words: string[]): Promise<{ code: string | number; requests: string }> {
  const before = server.requests.length;
  const env = { ...process.env, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url, HOME: outside };
  let code: string | number;
  try {
    code = await runCommand(['agent.ts', ...words, '--no-session-persistence'], { stdout: () => {}, stderr: () => {}, readStdin: async () => '', cwd: root, env });
  } catch (error) {
    code = CodevError.isInstance(error) ? error.code : String(error);
  }
  return { code, requests: server.requests.slice(before).map((request) => JSON.stringify(request.body)).join('\n') };
}

describe('codev run @file of a file the rules deny or outside the project', () => {
  for (const [name, word] of [
    ['.env under Read(.env)', '@.env'],
    ['a file under Read(secrets/**)', '@secrets/key.txt'],
    ['a hard link to .env', '@hardlink-to-env'],
    ['a symlink to .env', '@link-to-env'],
    ['a denied file through `..` after a link', '@inner-link/../key.txt'],
    ['a file outside the project', '@{{outside}}/notes.txt'],
    ['a link to a file outside the project', '@link-outside.txt'],
  ] as const) {
    it(`refuses ${name} before any request`, async () => {
      const result = await run(['describe', word.replace('{{outside}}', outside)]);
      expect(result.code).toBe('ATTACHMENT_REFUSED');
      expect(result.requests).toBe('');
    });
  }

  it('still refuses a denied file with --attach-outside, which only lifts the project boundary', async () => {
    const result = await run(['describe', '@.env', '--attach-outside']);
    expect(result.code).toBe('ATTACHMENT_REFUSED');
    expect(result.requests).toBe('');
  });
});

describe('codev run @file a person means (benign)', () => {
  it('attaches README.md', async () => {
    const result = await run(['summarize', '@README.md']);
    expect(result.code).toBe(0);
    expect(result.requests).toContain('The readme text.');
  });

  it('attaches a file outside the project with --attach-outside', async () => {
    const result = await run(['describe', `@${outside}/notes.txt`, '--attach-outside']);
    expect(result.code).toBe(0);
    expect(result.requests).toContain(`outside ${SECRET}`);
  });

  it('attaches a denied file named with --allow-attachment', async () => {
    const result = await run(['describe', '@.env', '--allow-attachment', '.env']);
    expect(result.code).toBe(0);
    expect(result.requests).toContain(SECRET);
  });
});
