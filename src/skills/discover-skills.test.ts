import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { discoverSkills } from './discover-skills.ts';

function writeSkill(root: string, folder: string, text: string): string {
  const file = path.join(root, folder, 'SKILL.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('discoverSkills', () => {
  it('finds good skills and reports broken ones as error values with file and line', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'codev-skills-'));
    writeSkill(root, 'deploy', '---\ndescription: Deploy the app\nallowed-tools: Bash(git *), Read\nargument-hint: <env>\n---\n\nDeploy to $1.\n');
    writeSkill(root, 'folder-name', '---\nname: review\ndescription: Review a diff\nallowed-tools:\n  - Read\n  - Grep\n---\nReview.\n');
    const broken = writeSkill(root, 'broken', '---\ndescription: ok\nnot yaml here\n---\nx\n');
    const noDescription = writeSkill(root, 'nodesc', '---\nname: nodesc\n---\nx\n');
    const noFrontmatter = writeSkill(root, 'plain', '# Just markdown\n');
    const badName = writeSkill(root, 'badname', '---\nname: has space\ndescription: d\n---\n');
    mkdirSync(path.join(root, 'not-a-skill'));
    writeFileSync(path.join(root, 'README.md'), 'not a folder');

    const { skills, errors } = await discoverSkills({ directories: [root, path.join(root, 'missing')] });

    expect(skills.map((skill) => skill.name)).toEqual(['deploy', 'review']);
    expect(skills[0]).toMatchObject({
      name: 'deploy',
      description: 'Deploy the app',
      allowedTools: ['Bash(git *)', 'Read'],
      argumentHint: '<env>',
      body: 'Deploy to $1.\n',
      directory: path.join(root, 'deploy'),
      file: path.join(root, 'deploy', 'SKILL.md'),
      disableModelInvocation: false,
    });
    expect(skills[1]!.allowedTools).toEqual(['Read', 'Grep']);

    expect(errors.every((error) => CodevError.isInstance(error) && error.code === 'SKILL_INVALID')).toBe(true);
    const byFile = Object.fromEntries(errors.map((error) => [error.file, error]));
    expect(Object.keys(byFile).sort()).toEqual([badName, broken, noDescription, noFrontmatter].sort());
    expect(byFile[broken]).toMatchObject({ line: 3 });
    expect(byFile[broken]!.message).toContain(`${broken}:3`);
    expect(byFile[noDescription]).toMatchObject({ field: 'description' });
    expect(byFile[badName]).toMatchObject({ field: 'name', line: 2 });
  });

  it('keeps the first of two skills with the same name', async () => {
    const first = mkdtempSync(path.join(os.tmpdir(), 'codev-skills-a-'));
    const second = mkdtempSync(path.join(os.tmpdir(), 'codev-skills-b-'));
    writeSkill(first, 'deploy', '---\ndescription: first\n---\n');
    const shadowed = writeSkill(second, 'deploy', '---\ndescription: second\n---\n');
    const { skills, errors } = await discoverSkills({ directories: [first, { directory: second, plugin: 'p' }] });
    expect(skills.map((skill) => skill.description)).toEqual(['first']);
    expect(errors.map((error) => error.file)).toEqual([shadowed]);
  });

  it('reports a skills path that is a file', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'codev-skills-'));
    writeFileSync(path.join(root, 'skills'), 'x');
    const { skills, errors } = await discoverSkills({ directories: [path.join(root, 'skills')] });
    expect(skills).toEqual([]);
    expect(errors.map((error) => error.code)).toEqual(['SKILL_INVALID']);
  });
});
