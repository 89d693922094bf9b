import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPermissionContext } from './create-permission-context.ts';
import { deniedInodes, inodeKey } from './denied-inodes.ts';
import { readDeniedNameOf } from './read-denied-name-of.ts';
import { readScopeOf } from './read-scope.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project with the given files (each `name: content`), deny rules `deny`, and its read scope. */
function project(files: Record<string, string>, deny: string[]) {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-denied-inodes-')));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  const scope = readScopeOf({ cwd: root, homeDirectory: path.join(root, 'home'), permissionContext: createPermissionContext({ deny: { project: deny } }) });
  return { root, scope };
}

describe('deniedInodes and readDeniedNameOf', () => {
  it('keys the covered files with other names by inode, Read and Edit apart, folders walked; a file with one name needs no entry', async () => {
    const { root, scope } = project({ '.env': 'TOKEN=1\n', 'keys/a.pem': 'key\n', 'keys/b.pem': 'key\n', 'src/main.ts': 'x\n', 'alone/.env': 'TOKEN=2\n' }, ['Read(.env)', 'Read(./keys/**)', 'Edit(./src/main.ts)']);
    linkSync(path.join(root, '.env'), path.join(root, 'notes.txt'));
    linkSync(path.join(root, 'keys/a.pem'), path.join(root, 'a-copy.pem'));
    linkSync(path.join(root, 'src/main.ts'), path.join(root, 'main-copy.ts'));
    const found = await deniedInodes(scope);
    expect(found.read.get(inodeKey(statSync(path.join(root, 'notes.txt'))))).toBe(path.join(root, '.env'));
    expect(found.read.get(inodeKey(statSync(path.join(root, 'a-copy.pem'))))).toBe(path.join(root, 'keys/a.pem'));
    expect(found.edit.get(inodeKey(statSync(path.join(root, 'main-copy.ts'))))).toBe(path.join(root, 'src/main.ts'));
    expect(found.read.has(inodeKey(statSync(path.join(root, 'alone/.env'))))).toBe(false);
    expect(found.read.has(inodeKey(statSync(path.join(root, 'keys/b.pem'))))).toBe(false);
  });

  it('takes a covered name that is a symlink as the link, not its target: the rules judge the link by its real path where it is used', async () => {
    const { root, scope } = project({ 'shared.txt': 'public\n' }, ['Read(.env)']);
    symlinkSync('shared.txt', path.join(root, '.env'));
    linkSync(path.join(root, 'shared.txt'), path.join(root, 'shared-copy.txt'));
    const found = await deniedInodes(scope);
    expect(found.read.has(inodeKey(statSync(path.join(root, 'shared.txt'))))).toBe(false);
  });

  it('answers the covered name of an opened file with several names, and does not look at the disk for a file with one', async () => {
    const { root, scope } = project({ '.env': 'TOKEN=1\n', 'readme.md': 'hi\n' }, ['Read(.env)']);
    linkSync(path.join(root, '.env'), path.join(root, 'notes.txt'));
    let looked = 0;
    const lookup = () => (looked++, deniedInodes(scope));
    expect(await readDeniedNameOf({ stats: statSync(path.join(root, 'notes.txt')), deniedInodes: lookup })).toBe(path.join(root, '.env'));
    expect(await readDeniedNameOf({ stats: statSync(path.join(root, 'readme.md')), deniedInodes: lookup })).toBeUndefined();
    expect(looked).toBe(1);
  });
});
