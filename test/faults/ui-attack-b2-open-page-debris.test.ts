import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCodevUi, type CodevUi } from '../ui/test-fixtures/start-codev-ui.ts';

// `codev ui --open` writes a page holding the login URL (its token) in a fresh temp folder and removes it on
// exit; killed (-9, OOM, a closed terminal's SIGKILL), it left the folder and the page behind for good, one
// more each run. The folder now names its process, and the next `--open` removes those of processes gone.

let root: string | undefined;
const running: CodevUi[] = [];
afterEach(async () => {
  for (const ui of running.splice(0)) await ui.stop();
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('codev ui --open killed', () => {
  it('leaves no page behind: the next --open removes it', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-b2-open-'));
    const project = path.join(root, 'project');
    const temp = path.join(root, 'tmp');
    const bin = path.join(root, 'bin');
    mkdirSync(path.join(project, '.codev'), { recursive: true });
    mkdirSync(temp);
    mkdirSync(bin);
    // The opener does nothing: no browser of the machine is started.
    writeFileSync(path.join(bin, 'xdg-open'), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    const env = { TMPDIR: temp, PATH: `${bin}:${process.env.PATH}` };
    const openPages = () => readdirSync(temp).filter((name) => name.startsWith('codev-ui-open-'));
    // The page is written just after the URL is printed.
    const pagesUntil = async (count: number) => {
      for (let waited = 0; openPages().length !== count && waited < 600; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      return openPages();
    };

    const first = await startCodevUi({ project, env, args: ['--open'] });
    running.push(first);
    const left = await pagesUntil(1);
    expect(left).toHaveLength(1);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(openPages()).toEqual(left);

    const second = await startCodevUi({ project, env, args: ['--open'] });
    running.push(second);
    // Only the living one's page is there.
    expect(await pagesUntil(1)).toHaveLength(1);
    expect(openPages()).not.toContain(left[0]);
    expect(await second.stop()).toBe(143);
    expect(openPages()).toEqual([]);
  }, 400_000);
});
