import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Registers an afterEach that removes every folder made; returns the maker of real-path temp folders (`<tmp>/<prefix>…`). */
export function useTemporaryFolders(): (prefix: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return (prefix) => {
    const created = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
    made.push(created);
    return created;
  };
}

/** Writes `file`, making its folders first. */
export function writeWithFolders(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}
