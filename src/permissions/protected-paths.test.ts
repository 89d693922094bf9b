import { describe, expect, it } from 'vitest';
import { protectedPathReason, protectedPlacesOf } from './protected-paths.ts';

const places = protectedPlacesOf({
  cwd: '/p/sub',
  projectRoot: '/p',
  configDirectories: ['/p/sub', '/p'],
  pluginDirectories: ['/p/tools/plugins'],
  pluginFiles: ['/p/extra/deploy.ts'],
  hooks: [{ protectedFiles: ['/p/hooks/check.sh', '/p'] } as never],
  protectedFiles: ['/p/mcp/server.mjs'],
});

describe('protectedPlacesOf', () => {
  it('lists every place that changes what codev loads or runs outside the sandbox', () => {
    const paths = places.map((place) => place.path);
    for (const expected of ['/p/sub/codev.config.ts', '/p/.codevrc.mjs', '/p/.mcp.json', '/p/sub/package.json', '/p/.codev', '/p/sub/skills', '/p/skills', '/p/.git', '/p/sub/.git', '/p/.claude', '/p/tools/plugins', '/p/extra/deploy.ts', '/p/hooks/check.sh', '/p/mcp/server.mjs']) {
      expect(paths, expected).toContain(expected);
    }
    expect(paths).not.toContain('/p/package.json');
  });
});

describe('protectedPathReason', () => {
  it.each([
    ['/p/.git/hooks/pre-commit', true],
    ['/anywhere/.git/config', true],
    ['/p/src/.codevrc.json', true],
    ['/p/.bashrc', true],
    ['/p/tools/plugins/evil.ts', true],
    ['/p/tools/plugins', true],
    ['/p/tools', true],
    ['/p/extra/deploy.ts', true],
    ['/p/extra', true],
    ['/p/hooks/check.sh', true],
    ['/p/hooks', true],
    ['/p/skills/..evil/SKILL.md', true],
    ['/p/sub/package.json', true],
    ['/p', true],
    ['/p/src/app.ts', false],
    ['/p/hooks/other.sh', false],
    ['/p/tools-old/x', false],
    ['/p/sub/src/x', false],
  ])('%s: %s', (target, expected) => {
    expect(protectedPathReason(target, places) !== undefined).toBe(expected);
  });

  it('keeps a folder guessed as a hook script writable inside (`cd "$CODEV_PROJECT_DIR" && …`)', () => {
    expect(protectedPathReason('/p/notes.txt', places)).toBeUndefined();
  });
});

describe('skill and plugin folders below a working directory', () => {
  it('protects skill folders at any depth, and plugin folders of folders that are or can be a project root', async () => {
    const { mkdtempSync, mkdirSync, realpathSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-loaded-')));
    try {
      writeFileSync(path.join(root, 'package.json'), '{}');
      mkdirSync(path.join(root, 'packages/app'), { recursive: true });
      writeFileSync(path.join(root, 'packages/app/package.json'), '{}');
      mkdirSync(path.join(root, 'lib/plugins'), { recursive: true });
      const rooted = protectedPlacesOf({ cwd: root });
      for (const [target, expected] of [
        ['packages/app/plugins/evil.ts', true],
        ['packages/app/skills/x/SKILL.md', true],
        ['src/skills/x/SKILL.md', true],
        ['src/skills/x', true],
        ['src/skills', true],
        ['lib/package.json', true],
        ['src/skills/parse.ts', false],
        ['src/plugins/helper.ts', false],
        ['packages/app/src/index.ts', false],
        ['packages/app/package.json', false],
      ] as const) {
        expect(protectedPathReason(path.join(root, target), rooted) !== undefined, target).toBe(expected);
      }
      // With no project root above the working directory, codev loads the plugins of whatever folder it runs in.
      const bare = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-unrooted-')));
      try {
        expect(protectedPathReason(path.join(bare, 'src/plugins/helper.ts'), protectedPlacesOf({ cwd: bare }))).toBeDefined();
      } finally {
        rmSync(bare, { recursive: true, force: true });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
