import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nestedPlacesOf } from './nested-places.ts';

describe('nestedPlacesOf', () => {
  it("lists a root's plugins, skill folders, config files, nested repositories and link targets, not source folders", () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-nested-')));
    try {
      for (const folder of ['packages/app/plugins', 'packages/app/skills/deploy', 'src/plugins', 'src/skills', 'vendor/x/.git/hooks', 'shared', 'node_modules/p/plugins']) mkdirSync(path.join(root, folder), { recursive: true });
      for (const file of ['packages/app/package.json', 'packages/app/.mcp.json', 'src/skills/parse.ts', 'tools/codev.config.ts']) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), '{}');
      }
      symlinkSync(path.join(root, 'shared'), path.join(root, 'tools/plugins'));
      const relative = (unrooted: boolean) => nestedPlacesOf([root], { unrooted }).map((place) => path.relative(root, place.path)).sort();
      expect(relative(false)).toEqual(['packages/app/.mcp.json', 'packages/app/plugins', 'packages/app/skills/deploy', 'shared', 'tools/codev.config.ts', 'vendor/x/.git'].sort());
      // With no project root above, codev loads the plugins/ of whatever folder it runs in.
      expect(relative(true)).toContain('src/plugins');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('sees a link added after a walk: the folder that holds it changed', () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-nested-')));
    try {
      for (const folder of ['packages/app', 'vendor']) mkdirSync(path.join(root, folder), { recursive: true });
      writeFileSync(path.join(root, 'packages/app/package.json'), '{}');
      expect(nestedPlacesOf([root]).filter((place) => place.linked)).toEqual([]);
      symlinkSync(path.join(root, 'vendor'), path.join(root, 'packages/app/plugins'));
      expect(nestedPlacesOf([root]).filter((place) => place.linked).map((place) => place.path)).toEqual([path.join(root, 'vendor')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
