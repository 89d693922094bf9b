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
