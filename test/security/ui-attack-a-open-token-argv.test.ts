/**
 * `codev ui --open` must not put the token on a command line: /proc/<pid>/cmdline of the opener (xdg-open) and of
 * the browser it starts is readable by every local user, who could then read every transcript. The opener gets a
 * file only its owner can read (0600, in a folder only its owner can enter) that leads the browser to the login URL.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeTestPage } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { killCodevProcesses, startCodevProcess } from '../cli/start-codev-process.ts';

const LISTENING_WITHIN_MS = 60_000;
const EXIT_WITHIN_MS = 20_000;

let base: string;
let project: string;
let bin: string;
let record: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-open-'));
  project = path.join(base, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n');
  writeTestPage(path.join(base, 'page'));
  bin = path.join(base, 'bin');
  mkdirSync(bin);
  record = path.join(base, 'opened.txt');
  // An opener that only records what it was asked to open (its argv is what /proc/<pid>/cmdline shows).
  writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${record}.part" && mv "${record}.part" "${record}"\n`);
  chmodSync(path.join(bin, 'xdg-open'), 0o755);
});
afterEach(() => killCodevProcesses());
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function waitFor(file: string, timeoutMs: number): Promise<void> {
  for (let waited = 0; !existsSync(file); waited += 50) {
    if (waited > timeoutMs) throw new Error(`${file} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('codev ui --open', () => {
  it.skipIf(process.platform !== 'linux')('gives the opener an owner-only file leading to the login URL, never the token', { timeout: 120_000 }, async () => {
    const codev = startCodevProcess({ args: ['ui', '--port', '0', '--open', '--cwd', project], cwd: base, env: { CODEV_SANDBOX: '0', NO_COLOR: '1', CODEV_UI_PAGE_DIR: path.join(base, 'page'), PATH: `${bin}:${process.env.PATH}` } });
    await codev.waitForStderr({ pattern: /Ctrl-C stops it/, timeoutMs: LISTENING_WITHIN_MS });
    const [loginUrl, token] = /(http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]{43}))\n/.exec(codev.stderr())!.slice(1);
    await waitFor(record, LISTENING_WITHIN_MS);
    const argv = readFileSync(record, 'utf8').trim().split('\n');
    expect(argv.join(' ')).not.toContain(token);
    expect(argv).toHaveLength(1);
    const opened = argv[0]!.startsWith('file:') ? fileURLToPath(argv[0]!) : argv[0]!;
    expect(statSync(opened).mode & 0o077).toBe(0);
    expect(statSync(path.dirname(opened)).mode & 0o077).toBe(0);
    expect(readFileSync(opened, 'utf8')).toContain(loginUrl);
    expect(await codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
    // Gone with the server: the token does not outlive it on disk.
    expect(existsSync(opened)).toBe(false);
  });
});
