import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSearchDirectories } from '../../src/files/codev-files.ts';
import { createWatchPlan } from '../../src/kernel/watch-plan.ts';

const root = path.resolve('/project');
const at = (relative: string) => path.join(root, relative);
const plan = createWatchPlan({
  configDirectories: [root],
  settingsFile: at('.codev/settings.local.json'),
  pluginDirectories: [at('plugins')],
  pluginFiles: [at('plugins/echo.ts'), at('tools/deploy/index.ts'), at('extra.ts')],
});

describe('createWatchPlan', () => {
  it('watches the config directories, plugin folders, settings and listed plugins (folders for index files)', () => {
    expect(plan.paths).toEqual([root, at('plugins'), at('.codev/settings.local.json'), at('extra.ts'), at('tools/deploy')]);
  });

  it('classifies config, settings and plugin events', () => {
    expect(plan.classify(at('codev.config.ts'), 'file')).toBe('config');
    expect(plan.classify(at('package.json'), 'file')).toBe('config');
    expect(plan.classify(at('.codev/settings.local.json'), 'file')).toBe('settings');
    expect(plan.classify(at('plugins/new.ts'), 'file')).toBe('plugin');
    expect(plan.classify(at('plugins/kit'), 'directory')).toBe('plugin');
    expect(plan.classify(at('plugins/kit/helper.ts'), 'file')).toBe('plugin');
    expect(plan.classify(at('plugins'), 'directory')).toBe('plugin');
    expect(plan.classify(at('extra.ts'), 'file')).toBe('plugin');
    expect(plan.classify(at('tools/deploy/steps.ts'), 'file')).toBe('plugin');
  });

  it('ignores editor temp files, tests, declarations, dotfiles, node_modules and the rest of the project', () => {
    for (const file of ['plugins/echo.ts.tmp-123', 'plugins/echo.ts~', 'plugins/4913', 'plugins/.echo.ts.swp', 'plugins/echo.test.ts', 'plugins/types.d.ts', 'plugins/kit/node_modules/x.js', 'plugins/kit/.cache/x.ts', 'agent.ts', 'src/index.ts', '.codev/settings.local.json.1.tmp', 'sub/codev.config.ts']) {
      expect(plan.classify(at(file), 'file'), file).toBeUndefined();
    }
    expect(plan.ignored(at('src'))).toBe(true);
    expect(plan.ignored(at('node_modules'))).toBe(true);
    expect(plan.ignored(at('plugins/kit/node_modules'))).toBe(true);
    // Ancestors of what is watched are walked through.
    expect(plan.ignored(at('.codev'))).toBe(false);
    expect(plan.ignored(at('tools'))).toBe(false);
    expect(plan.ignored(at('plugins/kit'))).toBe(false);
  });
});

describe('configSearchDirectories', () => {
  it('lists cwd up to the project root', () => {
    expect(configSearchDirectories(at('a/b'), root)).toEqual([at('a/b'), at('a'), root]);
    expect(configSearchDirectories(root, root)).toEqual([root]);
  });
});

describe('createWatchPlan: skill and agent definitions', () => {
  const app = at('app');
  const definitions = createWatchPlan({
    configDirectories: [app, root],
    settingsFile: at('.codev/settings.local.json'),
    pluginDirectories: [at('plugins')],
    pluginFiles: [at('plugins/kit/index.ts')],
    projectDirectories: [app, root],
  });

  it('watches the skills and agents folders of the cwd and the root (plugin skills through their plugin folder)', () => {
    for (const folder of ['skills', '.codev/skills', 'agents', '.codev/agents', 'app/skills', 'app/.codev/agents']) {
      expect(definitions.paths, folder).toContain(at(folder));
    }
  });

  it('classifies SKILL.md files and skill folders as skills, agents/*.md as agents, before plugin code', () => {
    const skills = ['skills/deploy/SKILL.md', '.codev/skills/lint/SKILL.md', 'app/skills/x/SKILL.md', 'plugins/skills/lint/SKILL.md', 'plugins/kit/skills/review/SKILL.md', 'plugins/bare/skills/y/SKILL.md'];
    for (const file of skills) expect(definitions.classify(at(file), 'file'), file).toBe('skills');
    for (const folder of ['skills', 'skills/deploy', '.codev/skills', 'plugins/skills', 'plugins/skills/lint', 'plugins/kit/skills', 'plugins/kit/skills/review']) {
      expect(definitions.classify(at(folder), 'directory'), folder).toBe('skills');
    }
    for (const file of ['agents/reviewer.md', '.codev/agents/planner.md', 'app/agents/a.md']) expect(definitions.classify(at(file), 'file'), file).toBe('agents');
    expect(definitions.classify(at('agents'), 'directory')).toBe('agents');
    // A folder plugin's code is still plugin code.
    expect(definitions.classify(at('plugins/kit/index.ts'), 'file')).toBe('plugin');
    expect(definitions.classify(at('plugins/kit/helper.ts'), 'file')).toBe('plugin');
  });

  it("ignores a skill's other files, agents' sub-folders and dotfiles", () => {
    for (const file of ['skills/deploy/deploy.sh', 'skills/deploy/notes.md', 'skills/README.md', 'skills/.hidden/SKILL.md', 'skills/deploy/SKILL.md.swp', 'plugins/kit/skills/review/scripts/run.ts', 'agents/notes.txt', 'agents/.draft.md', 'agents/old/a.md', 'plugins/skills/skills/x/SKILL.md']) {
      expect(definitions.classify(at(file), 'file'), file).toBeUndefined();
    }
    expect(definitions.ignored(at('skills/deploy/scripts'))).toBe(true);
    expect(definitions.ignored(at('plugins/kit/skills/review/scripts'))).toBe(true);
    expect(definitions.ignored(at('skills/deploy'))).toBe(false);
    expect(definitions.ignored(at('plugins/kit/skills'))).toBe(false);
  });
});
