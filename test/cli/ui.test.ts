/**
 * `codev ui` as a user runs it (bin/codev.mjs): it prints, in one line, the URL that lets a browser in; that URL
 * sets the cookie the page then needs; it says what it serves; --help explains it; bad flags are usage errors.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { runCodev } from './run-codev.ts';
import { killCodevProcesses, startCodevProcess } from './start-codev-process.ts';

/** Bounds against a hang only. */
const LISTENING_WITHIN_MS = 60_000;
const EXIT_WITHIN_MS = 20_000;

let base: string;
let project: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-cli-'));
  project = path.join(base, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n');
});
afterEach(() => killCodevProcesses());
afterAll(() => rmSync(base, { recursive: true, force: true }));

const env = () => ({ CODEV_SANDBOX: '0', NO_COLOR: '1', CODEV_UI_PAGE_DIR: process.env.CODEV_UI_PAGE_DIR });

describe('codev ui', () => {
  it('prints the URL with its token and what it serves; the URL sets the cookie; the page and its assets are served; SIGINT exits 130', { timeout: 120_000 }, async () => {
    // From a subfolder: the project is found upward, as every command finds it.
    const codev = startCodevProcess({ args: ['ui', '--port', '0'], cwd: path.join(project, 'src'), env: env() });
    await codev.waitForStderr({ pattern: /Ctrl-C stops it/, timeoutMs: LISTENING_WITHIN_MS });
    const [, port, token] = /codev ui: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]{43})\n/.exec(codev.stderr()) ?? [];
    expect(token, codev.stderr()).toBeDefined();
    expect(codev.stderr()).toContain(`serving ${project} `);
    expect(codev.stderr()).toContain('no fleet');
    const entered = await sendRequest({ port: Number(port), path: `/?token=${token}` });
    expect(entered.status).toBe(303);
    const cookie = entered.headers['set-cookie']![0]!.split(';')[0]!;
    const page = await sendRequest({ port: Number(port), path: '/', headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="app">');
    expect(page.text).toContain('src="/assets/app.js"');
    const script = await sendRequest({ port: Number(port), path: '/assets/app.js', headers: { cookie } });
    expect([script.status, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    const style = await sendRequest({ port: Number(port), path: '/assets/app.css', headers: { cookie } });
    expect([style.status, style.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect((await sendRequest({ port: Number(port), path: '/' })).status).toBe(401);
    expect(await codev.stop({ signal: 'SIGINT', timeoutMs: EXIT_WITHIN_MS })).toBe(130);
  });

  it('from the build (dist/, no CODEV_UI_PAGE_DIR): finds the built page beside its code and serves it', { timeout: 120_000 }, async () => {
    const codev = startCodevProcess({ args: ['ui', '--port', '0', '--cwd', project], cwd: base, env: { CODEV_SANDBOX: '0', NO_COLOR: '1', CODEV_FROM_SOURCE: undefined } });
    await codev.waitForStderr({ pattern: /Ctrl-C stops it/, timeoutMs: LISTENING_WITHIN_MS });
    const [, port, token] = /127\.0\.0\.1:(\d+)\/\?token=(\S+)\n/.exec(codev.stderr())!;
    const script = await sendRequest({ port: Number(port), path: '/assets/app.js', token: token! });
    expect([script.status, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await sendRequest({ port: Number(port), path: '/sessions', token: token! })).text).toContain('<div id="app">');
    expect(await codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
  });

  it('takes CODEV_UI_TOKEN and does not print it', { timeout: 120_000 }, async () => {
    const chosen = 'a-token-of-my-own-0123456789abcdef';
    const codev = startCodevProcess({ args: ['ui', '--port', '0', '--cwd', project], cwd: base, env: { ...env(), CODEV_UI_TOKEN: chosen } });
    await codev.waitForStderr({ pattern: /Ctrl-C stops it/, timeoutMs: LISTENING_WITHIN_MS });
    expect(codev.stderr()).not.toContain(chosen);
    const port = Number(/127\.0\.0\.1:(\d+)\//.exec(codev.stderr())![1]);
    expect((await sendRequest({ port, path: '/', token: chosen })).status).toBe(200);
    expect(await codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
  });

  it('--help explains it; `codev --help` lists it', async () => {
    const help = await runCodev(['ui', '--help'], env());
    expect(help.code).toBe(0);
    for (const flag of ['--port', '--host', '--token', '--open', '--redis', '--queue', 'CODEV_UI_TOKEN', 'Examples:']) expect(help.stdout).toContain(flag);
    expect((await runCodev(['--help'], env())).stdout).toMatch(/\n {2}ui {2,}/);
  });

  it('a bad flag or argument is a usage error (exit 2); --host off loopback without a token is UI_SERVE_FAILED (exit 1)', { timeout: 60_000 }, async () => {
    for (const args of [['ui', '--port', 'abc'], ['ui', '--port', '70000'], ['ui', 'extra'], ['ui', '--prot', '1']]) {
      const run = await runCodev([...args, '--cwd', project], env());
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
    }
    const open = await runCodev(['ui', '--host', '0.0.0.0', '--cwd', project], env());
    expect(open.code).toBe(1);
    expect(open.stderr).toContain('UI_SERVE_FAILED');
  });
});
