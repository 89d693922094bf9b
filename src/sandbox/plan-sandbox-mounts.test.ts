import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSandboxMounts } from './plan-sandbox-mounts.ts';

function project(files: Record<string, string | null>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-mounts-')));
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    if (content === null) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
  return root;
}

/** The plan as `kind relative-path`, sorted. */
function plan(root: string, places: string[], extra: { hidden?: string[]; readOnly?: string[] } = {}): string[] {
  const at = (relative: string) => path.join(root, relative);
  return planSandboxMounts({ writableDirectories: [root], places: places.map(at), hidden: extra.hidden?.map(at), readOnly: extra.readOnly?.map(at) })
    .map((mount) => `${mount.kind} ${path.relative(root, mount.path)}${mount.folder ? '/' : ''}`)
    .sort();
}

describe('planSandboxMounts', () => {
  it('keeps a repository in place, its configuration and hooks read-only, and pins commondir', () => {
    const root = project({ '.git/config': '', '.git/hooks': null, '.git/HEAD': '' });
    expect(plan(root, [])).toEqual(['block .git/commondir', 'block .git/modules', 'block .git/worktrees', 'keep .git', 'read-only .git/config', 'read-only .git/hooks']);
  });

  it('blocks .git where there is no repository, and keeps a .git file (a worktree) read-only', () => {
    expect(plan(project({}), [])).toEqual(['block .git']);
    expect(plan(project({ '.git': 'gitdir: /x' }), [])).toEqual(['read-only .git']);
  });

  it('makes existing places read-only, blocks missing ones at their first missing folder, and keeps the folders above them', () => {
    const root = project({ 'tools/plugins/a.ts': '', 'hooks/check.sh': '', '.codev/settings.local.json': '{}', '.git': 'gitdir: x' });
    const mounts = plan(root, ['tools/plugins', 'hooks/check.sh', 'skills', 'deep/er/place', '.codev', '.codev/skills', 'codev.config.ts']);
    expect(mounts).toEqual([
      'block codev.config.ts',
      'block deep',
      'block skills',
      'keep hooks',
      'keep tools',
      'read-only .codev',
      'read-only .git',
      'read-only hooks/check.sh',
      'read-only tools/plugins',
    ]);
  });

  it('keeps a file read-only where a place needs a folder, instead of failing on it', () => {
    const root = project({ 'tools': 'a file', 'build': 'another', '.git': 'gitdir: x' });
    expect(plan(root, ['tools/plugins', 'build/hooks/check.sh'])).toEqual(['read-only .git', 'read-only build', 'read-only tools']);
  });

  it('hides denied files and folders, makes Edit-denied ones read-only, and skips what does not exist', () => {
    const root = project({ '.env': 'x', 'keys': null, 'src/app.ts': '', '.git': 'gitdir: x' });
    expect(plan(root, [], { hidden: ['.env', 'keys', 'missing'], readOnly: ['src/app.ts'] })).toEqual(['hide .env', 'hide keys/', 'read-only .git', 'read-only src/app.ts']);
  });

  it('keeps existing rc files and editor folders read-only', () => {
    const root = project({ '.npmrc': '', '.vscode': null, '.gitmodules': '', '.git': 'gitdir: x' });
    expect(plan(root, [])).toEqual(['read-only .git', 'read-only .gitmodules', 'read-only .npmrc', 'read-only .vscode']);
  });
});
