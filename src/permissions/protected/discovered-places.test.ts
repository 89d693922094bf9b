import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoveredPlacesOf } from './discovered-places.ts';
import { moduleSpecifiersOf } from './module-specifiers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-discovered-')));
  folders.push(root);
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  return root;
}

const discover = (root: string) => discoveredPlacesOf({ workingDirectories: [root], configDirectories: [root], pluginDirectories: [path.join(root, 'plugins')], entryFiles: [] }).map((place) => path.relative(root, place.path));

describe('moduleSpecifiersOf', () => {
  it('finds static, re-exported, dynamic and required specifiers, across lines', () => {
    const text = "import a from './a.ts';\nimport {\n  b,\n} from \"./b.js\";\nimport './c.mjs';\nexport * from './d';\nconst e = await import('./e.ts');\nconst f = require('f-pack');\nimport type { G } from './g.ts';\n";
    expect(moduleSpecifiersOf(text).sort()).toEqual(['./a.ts', './b.js', './c.mjs', './d', './e.ts', './g.ts', 'f-pack']);
  });
});

describe('discoveredPlacesOf', () => {
  it('follows a change of the config: a file it newly imports is protected, one it no longer imports is not', () => {
    const root = project({ 'codev.config.ts': "import './lib/a.ts';\nexport default {};\n", 'lib/a.ts': '', 'lib/b.ts': '' });
    expect(discover(root)).toContain('lib/a.ts');
    // A new size and time: the cache sees the edit.
    writeFileSync(path.join(root, 'codev.config.ts'), "import './lib/b.ts'; // now b\nexport default {};\n");
    const after = discover(root);
    expect(after).toContain('lib/b.ts');
    expect(after).not.toContain('lib/a.ts');
  });

  it('lists a package and its real path when node_modules links it (pnpm), and its dependencies', () => {
    const root = project({ 'codev.config.ts': "import 'pack';\n", '.pnpm/pack/package.json': '{"dependencies":{"dep":"1"}}', 'node_modules/dep/index.js': '' });
    symlinkSync(path.join(root, '.pnpm/pack'), path.join(root, 'node_modules/pack'));
    expect(discover(root)).toEqual(expect.arrayContaining(['node_modules/pack', '.pnpm/pack', 'node_modules/dep']));
  });

  it("reads git's real places from its config files: hooks path, includes and the scripts they name", () => {
    const root = project({ 'included.cfg': '[diff "x"]\n\ttextconv = tools/conv.sh\n' });
    execFileSync('git', ['init', '-q', root]);
    for (const [key, value] of [['core.hooksPath', 'my-hooks'], ['include.path', '../included.cfg'], ['filter.y.clean', './tools/clean.py --fast'], ['core.fsmonitor', 'true']]) execFileSync('git', ['config', key!, value!], { cwd: root });
    const places = discover(root);
    expect(places).toEqual(expect.arrayContaining(['my-hooks', 'included.cfg', 'tools/conv.sh', 'tools/clean.py']));
    expect(places).not.toContain('true');
  });

  it('follows a .git file to its git directory and commondir', () => {
    const root = project({ 'store/HEAD': 'ref: refs/heads/main\n', 'store/commondir': '../common\n', 'common/config': '[core]\n\thooksPath = elsewhere\n', '.git': 'gitdir: store\n' });
    expect(discover(root)).toEqual(expect.arrayContaining(['store', 'common', 'elsewhere']));
  });

  it("reads the user's git config too: a relative core.hooksPath there names a folder in every repository", () => {
    const home = project({ '.gitconfig': '[core]\n\thooksPath = .githooks\n' });
    const root = project({});
    execFileSync('git', ['init', '-q', root]);
    const previous = process.env.HOME;
    process.env.HOME = home;
    try {
      expect(discover(root)).toContain('.githooks');
    } finally {
      process.env.HOME = previous;
    }
  });
});
