import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverSkills } from './discover-skills.ts';
import { findSkillDirectories } from './find-skill-directories.ts';

function writeSkill(root: string, relative: string, description: string): void {
  const file = path.join(root, relative, 'SKILL.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `---\ndescription: ${description}\n---\nbody\n`);
}

describe('findSkillDirectories', () => {
  it('lists the cwd and project root folders, then each plugin folder and its plugins, tagged', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'codev-skill-dirs-'));
    const cwd = path.join(root, 'packages', 'app');
    const plugins = path.join(root, 'plugins');
    mkdirSync(path.join(plugins, 'kit'), { recursive: true });
    mkdirSync(path.join(plugins, 'bare', 'skills'), { recursive: true });
    mkdirSync(path.join(plugins, '.cache'), { recursive: true });
    mkdirSync(path.join(plugins, 'node_modules'), { recursive: true });
    writeFileSync(path.join(plugins, 'echo.ts'), 'export default {}');
    mkdirSync(path.join(root, 'elsewhere'), { recursive: true });
    symlinkSync(path.join(root, 'elsewhere'), path.join(plugins, 'linked'));

    const directories = await findSkillDirectories({ cwd, projectRoot: root, pluginDirectories: [plugins, path.join(root, 'missing')] });
    expect(directories).toEqual([
      path.join(cwd, 'skills'),
      path.join(cwd, '.codev/skills'),
      path.join(root, 'skills'),
      path.join(root, '.codev/skills'),
      { directory: path.join(plugins, 'skills'), plugin: plugins },
      { directory: path.join(plugins, 'bare', 'skills'), plugin: path.join(plugins, 'bare') },
      { directory: path.join(plugins, 'kit', 'skills'), plugin: path.join(plugins, 'kit') },
      { directory: path.join(plugins, 'linked', 'skills'), plugin: path.join(plugins, 'linked') },
      { directory: path.join(root, 'missing', 'skills'), plugin: path.join(root, 'missing') },
    ]);
    expect(await findSkillDirectories({ cwd: root, projectRoot: root })).toEqual([path.join(root, 'skills'), path.join(root, '.codev/skills')]);
  });

  it('feeds discoverSkills: project skills first, plugin skills tagged, no errors for folders without skills', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'codev-skill-dirs-'));
    const plugins = path.join(root, 'plugins');
    writeSkill(root, 'skills/deploy', 'project deploy');
    writeSkill(plugins, 'skills/lint', 'shared lint');
    writeSkill(plugins, 'kit/skills/review', 'kit review');
    writeSkill(plugins, 'kit/skills/deploy', 'kit deploy (shadowed)');
    writeFileSync(path.join(plugins, 'kit', 'index.ts'), 'export default {}');
    writeFileSync(path.join(plugins, 'echo.ts'), 'export default {}');
    const { skills, errors } = await discoverSkills({ directories: await findSkillDirectories({ cwd: root, pluginDirectories: [plugins] }) });
    expect(skills.map((skill) => [skill.name, skill.description, skill.plugin])).toEqual([
      ['deploy', 'project deploy', undefined],
      ['lint', 'shared lint', plugins],
      ['review', 'kit review', path.join(plugins, 'kit')],
    ]);
    expect(errors.map((error) => error.file)).toEqual([path.join(plugins, 'kit/skills/deploy/SKILL.md')]);
  });
});
