import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import type { CommandIo } from './types.ts';

let base: string;
let project: string;
let home: string;
beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'codev-instructions-command-'));
  project = path.join(base, 'project');
  home = path.join(base, 'home');
  mkdirSync(path.join(home, '.codev'), { recursive: true });
  mkdirSync(path.join(project, 'docs'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{}');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function instructions(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CommandIo = { cwd: project, env: { HOME: home }, stdout: (text) => (out += text), stderr: (text) => (err += text), readStdin: async () => '' };
  return { code: await main(['instructions', ...args], io), out, err };
}

describe('codev instructions', () => {
  it('lists the files used, in order, with their sizes; --json as objects', async () => {
    writeFileSync(path.join(home, '.codev', 'CLAUDE.md'), 'mine');
    writeFileSync(path.join(project, 'AGENTS.md'), 'agents @docs/style.md');
    writeFileSync(path.join(project, 'docs', 'style.md'), 'style');
    const text = await instructions([]);
    expect(text.code).toBe(0);
    expect(text.out.split('\n').slice(1, 4).map((line) => line.split(/\s+/).slice(0, 3))).toEqual([
      ['user', '4', path.join(home, '.codev', 'CLAUDE.md')],
      ['project', '21', path.join(project, 'AGENTS.md')],
      ['project', '5', path.join(project, 'docs', 'style.md')],
    ]);
    expect(text.out).toContain(`(included from ${path.join(project, 'AGENTS.md')})`);
    const json = JSON.parse((await instructions(['--json'])).out);
    expect(json).toEqual({
      enabled: true,
      files: [
        { path: path.join(home, '.codev', 'CLAUDE.md'), scope: 'user', bytes: 4 },
        { path: path.join(project, 'AGENTS.md'), scope: 'project', bytes: 21 },
        { path: path.join(project, 'docs', 'style.md'), scope: 'project', bytes: 5, includedFrom: path.join(project, 'AGENTS.md') },
      ],
      warnings: [],
    });
  });

  it('names a skipped file on stderr and exits 1; follows the config', async () => {
    writeFileSync(path.join(project, 'CODEV.md'), 'see @docs/gone.md');
    const skipped = await instructions(['--json']);
    expect(skipped.code).toBe(1);
    expect(JSON.parse(skipped.out).warnings).toEqual([{ code: 'INSTRUCTIONS_SKIPPED', path: path.join(project, 'docs', 'gone.md'), reason: expect.any(String) }]);
    expect(skipped.err).toContain(path.join(project, 'docs', 'gone.md'));

    writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({ instructions: { sources: { project: false } } }));
    expect((await instructions([])).out).toMatch(/^No instruction files/);
    writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({ instructions: false }));
    const off = await instructions(['--json']);
    expect([off.code, JSON.parse(off.out)]).toEqual([0, { enabled: false, files: [], warnings: [] }]);
    writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({ instructions: { sources: { claud: false } } }));
    const invalid = await instructions([]);
    expect([invalid.code, invalid.err]).toEqual([1, expect.stringContaining('CONFIG_INVALID')]);
  });
});
