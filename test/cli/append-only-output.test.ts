import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodev } from './run-codev.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';

// A Bash call long enough for several progress reports (the first after 2 s, then every second), whose last
// line stays unfinished across a report.
const COMMAND = "for i in 1 2 3 4; do echo line$i; sleep 1; done; printf 'tail'; sleep 1.5; echo end";
const OUTPUT = ['line1', 'line2', 'line3', 'line4', 'tailend'];

let project: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'codev.config.json': JSON.stringify({ permissions: { allow: ['Bash'] } }),
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ prompt: 'count' });\n`,
    },
  });
  server = await createFakeMessagesServer({ script: (request) => ((request.body.messages?.length ?? 1) === 1 ? toolUseReply('Bash', { command: COMMAND }) : textReply('Counted.')) });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

/** The lines of `text` that end with one of `words`, in order, each as the word it ends with. */
function outputLines(text: string, words: readonly string[]): string[] {
  return text.split('\n').flatMap((line) => words.filter((word) => line.trimEnd().endsWith(word) && !line.trimEnd().endsWith(`${word}${word}`)));
}

describe('output off a terminal is append-only', () => {
  it('codev run prints each line of a long Bash call once, in order, and the call\'s unfinished line once it is whole', async () => {
    const run = await runCodev(['run', project.path('agent.ts')], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    expect(outputLines(run.stdout, OUTPUT)).toEqual(OUTPUT);
    expect(run.stdout.split('\n').filter((line) => line.trimEnd().endsWith('tail'))).toEqual([]);
    expect(run.stdout).toContain('Counted.');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\r|\u001b\[/);
  }, 60_000);

  it('codev tool prints each line of a long Bash call once, in order', async () => {
    const run = await runCodev(['tool', 'Bash', JSON.stringify({ command: COMMAND }), '--cwd', project.root], {});
    expect(run.code, run.stderr).toBe(0);
    expect(outputLines(run.stdout, OUTPUT)).toEqual(OUTPUT);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\r|\u001b\[/);
  }, 60_000);
});
