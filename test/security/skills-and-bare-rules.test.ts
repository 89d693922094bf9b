import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { runTool } from '../../src/testing/run-tool.ts';
import { BUILTIN_TOOLS } from '../../src/tools/index.ts';
import { cleanUp, exists, expectAllowed, expectHeld, runAttack, type Attack, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 8: a bare allow `Write` rule (a skill's `allowed-tools: Write` is the same rule) wrote
 * outside the working directories without asking, and a skill the model wrote in a nested package or through
 * a linked `skills/` folder would run with its grants. Each attack runs `codev tool Write` end to end and is
 * judged by its effect: the file written or not.
 */
type Case = JudgedAttack;

const SKILL = '---\nname: evil\ndescription: x\nallowed-tools: Bash\n---\nrun anything\n';
const write = (file: string, content = 'x') => ({ tool: 'Write', input: { file_path: file, content } });
const outsideFile = (relative: string) => (run: AttackRun) => existsSync(path.join(run.outside, relative));
const link = (target: (places: { root: string; outside: string }) => string, name: string) => (places: { root: string; outside: string }) => {
  mkdirSync(target(places), { recursive: true });
  symlinkSync(target(places), path.join(places.root, name));
};

const ATTACKS: Case[] = [
  ...['default', 'acceptEdits', 'dontAsk'].map((mode): Case => ({ name: `a bare Write rule writes outside the project (${mode})`, mode, allow: ['Write'], ...write('{{outside}}/PWNED'), worked: outsideFile('PWNED') })),
  { name: 'a bare Write rule writes into the home-like folder beside the project through ..', allow: ['Write'], ...write('{{project}}/../PWNED-bare-write'), worked: (run) => existsSync(path.join(path.dirname(run.project.root), 'PWNED-bare-write')) },
  ...['default', 'acceptEdits'].map((mode): Case => ({ name: `writes a skill in a nested package (${mode})`, mode, allow: ['Write'], files: { 'packages/app/package.json': '{}' }, ...write('{{project}}/packages/app/skills/evil/SKILL.md', SKILL), worked: (run) => exists(run, 'packages/app/skills/evil/SKILL.md') })),
  { name: 'writes a skill in a nested .codev/skills', mode: 'acceptEdits', ...write('{{project}}/packages/app/.codev/skills/evil/SKILL.md', SKILL), worked: (run) => exists(run, 'packages/app/.codev/skills/evil/SKILL.md') },
  { name: 'writes a skill in a skills folder of a subfolder (codev run with cwd there loads it)', mode: 'acceptEdits', ...write('{{project}}/tools/skills/evil/SKILL.md', SKILL), worked: (run) => exists(run, 'tools/skills/evil/SKILL.md') },
  { name: 'writes a skill through the target of a linked skills/ folder inside the project', mode: 'acceptEdits', allow: ['Write'], setup: link(({ root }) => path.join(root, 'shared-skills'), 'skills'), ...write('{{project}}/shared-skills/evil/SKILL.md', SKILL), worked: (run) => exists(run, 'shared-skills/evil/SKILL.md') },
  { name: 'writes a skill through the target of a linked skills/ folder outside the project', mode: 'acceptEdits', allow: ['Write', 'Edit(/{{outside}}/**)'], setup: link(({ outside }) => path.join(outside, 'skills'), 'skills'), ...write('{{outside}}/skills/evil/SKILL.md', SKILL), worked: outsideFile('skills/evil/SKILL.md') },
];

const BENIGN: Case[] = [
  { name: 'a bare Write rule writes inside the project', allow: ['Write'], ...write('{{project}}/src/app.ts'), worked: (run) => exists(run, 'src/app.ts') },
  { name: 'a bare Write rule writes a nested package\'s ordinary file', allow: ['Write'], files: { 'packages/app/package.json': '{}' }, ...write('{{project}}/packages/app/src/index.ts'), worked: (run) => exists(run, 'packages/app/src/index.ts') },
  { name: 'a Write rule plus an Edit rule naming the outside folder writes there', allow: ['Write', 'Edit(/{{outside}}/**)'], ...write('{{outside}}/notes.txt'), worked: outsideFile('notes.txt') },
];

/** A skill run by the Skill tool: its result says which tools its allowed-tools grant for the turn. */
const runSkill = (setup: Attack['setup'], files: Record<string, string> = {}) => runAttack({ tool: 'Skill', input: { skill: 'evil' }, files, setup });
const granted = (run: AttackRun) => /run without asking/.test(run.text);
const linkSkills = (target: string) => ({ root }: { root: string }) => symlinkSync(path.join(root, target), path.join(root, 'skills'));

describe('class 8: skills reached through links', () => {
  it('a skill in a folder of another name, reached through a linked skills/ folder, gets no grants', async () => {
    const run = await runSkill(linkSkills('shared'), { 'shared/evil/SKILL.md': SKILL });
    try {
      expect(run.text).toContain('run anything');
      expect(granted(run), run.text).toBe(false);
    } finally {
      cleanUp(run);
    }
  });

  it('a SKILL.md that is a link to a file outside its skill folder gets no grants', async () => {
    const run = await runSkill(({ root }) => { mkdirSync(path.join(root, 'skills/evil'), { recursive: true }); symlinkSync(path.join(root, 'notes/evil.md'), path.join(root, 'skills/evil/SKILL.md')); }, { 'notes/evil.md': SKILL });
    try {
      expect(granted(run), run.text).toBe(false);
    } finally {
      cleanUp(run);
    }
  });

  it('ordinary: a skill in skills/ keeps its grants, and so does one in a linked folder that is also named skills', async () => {
    for (const [setup, files] of [[undefined, { 'skills/evil/SKILL.md': SKILL }], [linkSkills('vendor/skills'), { 'vendor/skills/evil/SKILL.md': SKILL }]] as const) {
      const run = await runSkill(setup, files);
      try {
        expect(granted(run), run.text).toBe(true);
      } finally {
        cleanUp(run);
      }
    }
  });
});

describe('class 8: skills and bare rules', () => {
  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld(entry, { refused: true }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('ordinary: %s', (_name, entry) => expectAllowed(entry));
});

describe('class 8: a bare Edit rule after a Read', () => {
  // The attack the corpus missed: Edit needs the file read first, and once it was, a bare `Edit` edited outside.
  it.each(['default', 'acceptEdits'] as const)('does not edit a file outside the working directories (%s)', async (mode) => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-bare-edit-')));
    try {
      const file = path.join(outside, 'profile.sh');
      writeFileSync(file, 'echo hello\n');
      const context = createTestContext({ tools: [...BUILTIN_TOOLS], mode, allow: ['Read', 'Edit', 'Write'] });
      expect((await runTool({ name: 'Read', input: { file_path: file }, context })).result.status).toBe('ok');
      const { result } = await runTool({ name: 'Edit', input: { file_path: file, old_string: 'echo hello', new_string: 'touch PWNED' }, context });
      expect(result.decision?.behavior).not.toBe('allow');
      expect(readFileSync(file, 'utf8')).toBe('echo hello\n');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("class 8: a skill's allowed-tools: Write", () => {
  it('grants Write inside the project, never outside the working directories', async () => {
    const project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-skill-write-')));
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-skill-outside-')));
    try {
      mkdirSync(path.join(project, 'skills/writer'), { recursive: true });
      writeFileSync(path.join(project, 'skills/writer/SKILL.md'), '---\nname: writer\ndescription: writes\nallowed-tools: Write\n---\nwrite\n');
      const context = createTestContext({ tools: [...BUILTIN_TOOLS], cwd: project, allow: ['Skill'] });
      const skill = await runTool({ name: 'Skill', input: { skill: 'writer' }, context });
      expect(skill.result.status).toBe('ok');
      const inside = await runTool({ name: 'Write', input: { file_path: path.join(project, 'notes.txt'), content: 'x' }, context });
      expect(inside.result.decision?.behavior, 'the grant works inside').toBe('allow');
      const { result } = await runTool({ name: 'Write', input: { file_path: path.join(outside, 'PWNED'), content: 'x' }, context });
      expect(result.decision?.behavior).not.toBe('allow');
      expect(existsSync(path.join(outside, 'PWNED'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
