import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPEN_PAGE_PREFIX, removeLeftOpenPages } from './remove-left-open-pages.ts';

/** A page on disk that leads a browser to the login URL, and its removal. */
export interface OpenPage {
  path: string;
  remove(): void;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Writes a page leading to `loginUrl` (it holds the token) in a fresh folder only its owner can enter, readable only
 * by its owner: `--open` gives the opener this file, not the URL, because an opener's and a browser's command line
 * (/proc/<pid>/cmdline) are readable by every local user (Jupyter does the same). The folder names this process, so
 * that a later `--open` removes it when this one was killed before it could (`removeLeftOpenPages`).
 */
export function writeOpenPage(loginUrl: string): OpenPage {
  removeLeftOpenPages(os.tmpdir());
  const folder = mkdtempSync(path.join(os.tmpdir(), `${OPEN_PAGE_PREFIX}${process.pid}-`));
  const file = path.join(folder, 'open.html');
  const url = escapeHtml(loginUrl);
  writeFileSync(file, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${url}"><title>codev ui</title></head>\n<body><p><a href="${url}">Open codev ui</a></p></body></html>\n`, { mode: 0o600, flag: 'wx' });
  return { path: file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
