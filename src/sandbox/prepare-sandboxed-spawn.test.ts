import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepPlaceholders } from './placeholders.ts';
import { prepareSandboxedSpawn } from './prepare-sandboxed-spawn.ts';

const project = () => mkdtempSync(path.join(os.tmpdir(), 'codev-prepare-'));
const prepare = (cwd: string) =>
  prepareSandboxedSpawn({
    command: 'true',
    cwd,
    writableDirectories: [cwd],
    tmpDirectory: path.join(os.tmpdir(), 'codev-prepare-tmp'),
    allowNetwork: false,
    protectedPlaces: [path.join(cwd, '.claude'), path.join(cwd, '.mcp.json')],
  });

describe('prepareSandboxedSpawn in a project without .git', () => {
  it('a concurrent sandbox blocks the same places and leaves nothing once both end', () => {
    const cwd = project();
    const first = prepare(cwd);
    const second = prepare(cwd);
    // The first one's empty `.git` placeholder is no repository: the second blocks it whole, as the first does.
    expect(second.args).toEqual(first.args);
    expect(readdirSync(path.join(cwd, '.git'))).toEqual([]);
    first.cleanup();
    second.cleanup();
    sweepPlaceholders();
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('sandboxes one after another reuse the placeholders, removed by the sweep', () => {
    const cwd = project();
    const first = prepare(cwd);
    const inode = statSync(path.join(cwd, '.mcp.json')).ino;
    first.cleanup();
    const second = prepare(cwd);
    expect(second.args).toEqual(first.args);
    expect(statSync(path.join(cwd, '.mcp.json')).ino).toBe(inode);
    second.cleanup();
    sweepPlaceholders();
    expect(readdirSync(cwd)).toEqual([]);
  });
});
