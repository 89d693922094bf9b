import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSearchDirectories, createWatchPlan } from '../../src/kernel/watch-plan.ts';

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
