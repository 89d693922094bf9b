/** The page's files: only regular files inside the page folder, whatever the path says or the folder holds. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageFile } from './read-page-file.ts';
import { writeTestPage } from './test-fixtures/start-test-ui.ts';

let base: string;
let pageDirectory: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-page-'));
  pageDirectory = writeTestPage(path.join(base, 'page'));
  writeFileSync(path.join(base, 'secret.txt'), 'secret\n');
  writeFileSync(path.join(pageDirectory, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(pageDirectory, 'assets', 'blob.bin'), 'x');
  writeFileSync(path.join(pageDirectory, 'assets', '.hidden.js'), 'x');
  symlinkSync(path.join(base, 'secret.txt'), path.join(pageDirectory, 'assets', 'out.js'));
  symlinkSync(path.join(pageDirectory, 'assets', 'app.js'), path.join(pageDirectory, 'assets', 'inside.js'));
  symlinkSync(base, path.join(pageDirectory, 'assets', 'up'));
  symlinkSync('/dev/zero', path.join(pageDirectory, 'assets', 'zero.js'));
  mkdirSync(path.join(pageDirectory, 'assets', 'folder.js'));
  execFileSync('mkfifo', [path.join(pageDirectory, 'assets', 'fifo.js')]);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const read = (relative: string) => readPageFile({ pageDirectory, relative });

describe('readPageFile', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/app.js', 'text/javascript; charset=utf-8'],
    ['assets/app.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/blob.bin', 'application/octet-stream'],
  ])('reads %s as %s', async (relative, contentType) => {
    expect((await read(relative))?.contentType).toBe(contentType);
  });

  it('refuses `..`, encoded dots and separators, hidden files and empty segments', async () => {
    for (const relative of ['assets/../index.html', '../secret.txt', 'assets/%2e%2e/index.html', '%2e%2e/secret.txt', 'assets/..%2fsecret.txt', 'assets/.hidden.js', 'assets//app.js', 'assets/a\\..\\b', '']) {
      expect(await read(relative), relative).toBeUndefined();
    }
  });

  it('refuses links that lead out (a file, a folder, /dev/zero), a FIFO and a folder, without blocking', async () => {
    for (const relative of ['assets/out.js', 'assets/up/secret.txt', 'assets/zero.js', 'assets/fifo.js', 'assets/folder.js']) {
      expect(await read(relative), relative).toBeUndefined();
    }
  });

  it('reads a link that stays inside the page folder as the file it names', async () => {
    expect((await read('assets/inside.js'))?.bytes.toString()).toBe('console.log("app");\n');
  });
});
