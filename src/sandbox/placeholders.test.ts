import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquirePlaceholders, sweepPlaceholders } from './placeholders.ts';

const require = createRequire(import.meta.url);
const folder = () => mkdtempSync(path.join(os.tmpdir(), 'codev-placeholders-'));

describe('acquirePlaceholders', () => {
  it('makes empty folders (and a commondir holding ".") and removes them a moment after the last user releases them', async () => {
    const root = folder();
    mkdirSync(path.join(root, '.git'));
    const targets = [path.join(root, 'skills'), path.join(root, '.git', 'commondir')];
    const first = acquirePlaceholders(targets);
    const second = acquirePlaceholders(targets);
    expect(existsSync(targets[0]!)).toBe(true);
    expect(readFileSync(targets[1]!, 'utf8')).toBe('.');
    first();
    expect(existsSync(targets[0]!)).toBe(true);
    second();
    second();
    // They linger for the next sandbox, until the sweep (a moment later, or at exit).
    expect(targets.map((target) => existsSync(target))).toEqual([true, true]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(targets.map((target) => existsSync(target))).toEqual([false, false]);
  });

  it('never removes what is not a placeholder any more, nor what it did not make', () => {
    const root = folder();
    const skills = path.join(root, 'skills');
    const release = acquirePlaceholders([skills]);
    writeFileSync(path.join(skills, 'user.md'), 'kept');
    release();
    sweepPlaceholders();
    expect(existsSync(path.join(skills, 'user.md'))).toBe(true);
    const mine = path.join(root, 'mine');
    mkdirSync(mine);
    acquirePlaceholders([mine])();
    expect(existsSync(mine)).toBe(true);
  });
});

describe('removeLeftoverPlaceholders', () => {
  it('at the next start, removes the placeholders a codev that died listed, and only placeholders', () => {
    const root = folder();
    const [left, used, leftFile] = [path.join(root, '.mcp.json'), path.join(root, 'skills'), path.join(root, 'commondir')];
    mkdirSync(left);
    mkdirSync(used);
    writeFileSync(path.join(used, 'SKILL.md'), 'written since');
    writeFileSync(leftFile, '.');
    const journals = path.join(os.tmpdir(), 'codev-placeholders');
    mkdirSync(journals, { recursive: true });
    // A pid above any kernel's pid_max: a process that cannot be alive.
    const journal = path.join(journals, '99999999.json');
    writeFileSync(journal, JSON.stringify([left, used, leftFile]));
    // A fresh process, as the next codev start is.
    const script = path.join(root, 'start.mjs');
    writeFileSync(script, `import { createJiti } from ${JSON.stringify(require.resolve('jiti'))};\nconst jiti = createJiti(import.meta.url);\n(await jiti.import(${JSON.stringify(path.join(import.meta.dirname, 'placeholders.ts'))})).removeLeftoverPlaceholders();\n`);
    execFileSync(process.execPath, [script]);
    expect([existsSync(left), existsSync(path.join(used, 'SKILL.md')), existsSync(leftFile), existsSync(journal)]).toEqual([false, true, false, false]);
  });
});
