import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTrustedRepository } from './is-trusted-repository.ts';

describe('isTrustedRepository', () => {
  const outer = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-repo-')));
  const project = path.join(outer, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  const planted = path.join(project, 'vendor', 'evil');
  for (const name of ['objects', 'refs']) mkdirSync(path.join(planted, name), { recursive: true });
  writeFileSync(path.join(planted, 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(path.join(project, 'vendor', 'nested', '.git'), { recursive: true });

  it('trusts the project repository, a repository outside the working directories, and none at all', async () => {
    expect(await isTrustedRepository(project, [project])).toBe(true);
    expect(await isTrustedRepository(path.join(project, 'src'), [project])).toBe(true);
    expect(await isTrustedRepository(path.join(project, 'src'), [path.join(project, 'src')])).toBe(true);
    const bare = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-norepo-')));
    expect(await isTrustedRepository(bare, [bare])).toBe(true);
  });

  it('does not trust a bare repository or a .git planted in the project', async () => {
    expect(await isTrustedRepository(planted, [project])).toBe(false);
    expect(await isTrustedRepository(path.join(planted, 'refs'), [project])).toBe(false);
    expect(await isTrustedRepository(path.join(project, 'vendor', 'nested'), [project])).toBe(false);
  });
});
