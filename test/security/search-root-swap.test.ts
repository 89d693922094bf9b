import { spawn } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';
import { BUILTIN_TOOLS } from '../../src/tools/index.ts';
import { useTemporaryFolders, writeWithFolders } from './temporary-folders.ts';

/**
 * Check-then-use races on a searched folder (issue 29, class 1), with a real swapper in another process:
 * `docs` is a link that flips, atomically and without end, between `real-docs` in the project and a folder
 * outside. Grep and Glob check the folder they opened, but the search (ripgrep, a child process) used to
 * open it again by its name, and the results were checked by name afterwards: a search run while the link
 * led outside, checked after it led back, printed the outside files. The search now goes through the checked
 * descriptor. Judged by the effect: the outside secret or an outside-only name in the result.
 */
const SECRET = 'sk-live-4f9a';
const folder = useTemporaryFolders();
const write = writeWithFolders;

/** A child process that points the link `docs` at `inside` and `outside` in turn (rename over it: never missing) until stopped. */
function startFlipper(options: { project: string; inside: string; outside: string }) {
  const script = `
    const fs = require('node:fs');
    const [docs, next, inside, outside] = process.argv.slice(1);
    for (let round = 0; ; round++) {
      try { fs.symlinkSync(round % 2 ? inside : outside, next); fs.renameSync(next, docs); } catch { try { fs.unlinkSync(next); } catch {} }
    }`;
  const child = spawn(process.execPath, ['-e', script, path.join(options.project, 'docs'), path.join(options.project, 'docs.next'), options.inside, options.outside], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function setUp() {
  const project = folder('codev-search-race-project-');
  const outside = folder('codev-search-race-outside-');
  write(path.join(project, 'package.json'), '{"name":"victim","private":true}');
  // The same name inside (harmless) and outside (the secret), and a name only the outside folder has.
  write(path.join(project, 'real-docs/secret.txt'), 'sk-live-public\n');
  write(path.join(project, 'real-docs/outside-only-sk-live.txt'), 'sk-live-public\n');
  write(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  write(path.join(outside, 'outside-only-sk-live.txt'), `${SECRET}\n`);
  symlinkSync(path.join(project, 'real-docs'), path.join(project, 'docs'));
  const context = createTestContext({ tools: BUILTIN_TOOLS, cwd: project, mode: 'default' });
  return { project, outside, context };
}

describe('check-then-use races: a search goes through the folder it checked', () => {
  // Glob lists only names, and a listed name must still lead into the project when it is checked: no Glob case here.
  for (const tool of ['Grep'] as const) {
    it(`${tool} while docs flips between a folder in the project and one outside: nothing of the outside is shown`, async () => {
      const { project, outside, context } = setUp();
      const flipper = startFlipper({ project, inside: path.join(project, 'real-docs'), outside });
      const leaked: string[] = [];
      let shown = 0;
      try {
        // 150 attempts, and more (to a bound) until one found the project's files: on a loaded machine the
        // flipper can win every one of the first 150, which proves nothing either way.
        for (let attempt = 0; attempt < 150 || (shown === 0 && attempt < 1_500); attempt++) {
          const input = { pattern: 'sk-live', path: path.join(project, 'docs'), output_mode: 'content' };
          const { result } = await runTool({ name: tool, input, context });
          const text = resultText(result);
          if (text.includes('secret.txt')) shown++;
          if (text.includes(SECRET)) leaked.push(text);
        }
      } finally {
        await flipper.stop();
      }
      expect(leaked).toEqual([]);
      // The search ran and found the project's own files on many attempts (the race was really run).
      expect(shown).toBeGreaterThan(0);
    }, 120_000);
  }

  it('Grep and Glob through a link to a folder in the project find its files', async () => {
    const { project, context } = setUp();
    const grep = await runTool({ name: 'Grep', input: { pattern: 'sk-live', path: path.join(project, 'docs'), output_mode: 'content' }, context });
    expect(resultText(grep.result)).toContain(`${path.join(project, 'docs/secret.txt')}:1:sk-live-public`);
    const file = await runTool({ name: 'Grep', input: { pattern: 'sk-live', path: path.join(project, 'docs/secret.txt'), output_mode: 'content' }, context });
    expect(resultText(file.result)).toContain('sk-live-public');
    const glob = await runTool({ name: 'Glob', input: { pattern: '*.txt', path: path.join(project, 'docs') }, context });
    expect(resultText(glob.result)).toContain(path.join(project, 'docs/secret.txt'));
  });
});
