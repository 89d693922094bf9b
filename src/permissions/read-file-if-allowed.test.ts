import { linkSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPermissionContext } from './create-permission-context.ts';
import { readDecisionForFile, readScopeOf } from './read-decision-for-file.ts';
import { readFileIfAllowed } from './read-file-if-allowed.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project with a secret `.env`, a folder outside it, and a read scope under `deny` (default Read(.env)). */
function setUp(options: { deny?: string[]; ask?: string[] } = {}) {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-read-decision-')));
  folders.push(base);
  const root = path.join(base, 'project');
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(root, '.env'), 'TOKEN=secret\n');
  writeFileSync(path.join(root, 'notes.md'), 'notes\n');
  writeFileSync(path.join(base, 'outside', 'x.md'), 'outside\n');
  const permissionContext = createPermissionContext({ deny: { project: options.deny ?? ['Read(.env)'] }, ask: { project: options.ask ?? [] } });
  const scope = readScopeOf({ cwd: root, homeDirectory: path.join(base, 'home'), permissionContext });
  const read = (file: string) => readFileIfAllowed({ file, maxBytes: 1024, decide: (opened) => readDecisionForFile({ scope, ...opened, roots: [root] }) });
  return { base, root, read };
}

describe('readFileIfAllowed with readDecisionForFile', () => {
  it('reads an ordinary file in the project', async () => {
    const { root, read } = setUp();
    expect(await read(path.join(root, 'notes.md'))).toMatchObject({ kind: 'read', realPath: path.join(root, 'notes.md') });
  });

  it('refuses a denied file under its own name, through a symlink, through a hard link and through `..` after a link', async () => {
    const { root, read } = setUp();
    symlinkSync('../.env', path.join(root, 'docs', 'env-link'));
    linkSync(path.join(root, '.env'), path.join(root, 'docs', 'env-hard'));
    mkdirSync(path.join(root, 'deep', 'er'), { recursive: true });
    symlinkSync(path.join(root, 'deep', 'er'), path.join(root, 'up'));
    writeFileSync(path.join(root, 'deep', '.env'), 'TOKEN=deep\n');
    for (const file of ['.env', 'docs/env-link', 'docs/env-hard', 'up/../.env']) {
      const result = await read(`${root}/${file}`);
      expect([file, result.kind]).toEqual([file, 'refused']);
    }
    expect(await read(`${root}/docs/env-link`)).toMatchObject({ kind: 'refused', rule: 'Read(.env)' });
  });

  it('refuses a hard link to a file in a folder a Read deny rule covers', async () => {
    const { root, read } = setUp({ deny: ['Read(secrets/**)'] });
    mkdirSync(path.join(root, 'secrets'));
    writeFileSync(path.join(root, 'secrets', 'key.pem'), 'KEY\n');
    linkSync(path.join(root, 'secrets', 'key.pem'), path.join(root, 'docs', 'key.md'));
    expect(await read(path.join(root, 'docs', 'key.md'))).toMatchObject({ kind: 'refused' });
  });

  it('refuses a file an ask rule covers (nobody is asked) and a link to a file outside the roots', async () => {
    const { base, root, read } = setUp({ ask: ['Read(docs/**)'] });
    writeFileSync(path.join(root, 'docs', 'plan.md'), 'plan\n');
    symlinkSync(path.join(base, 'outside', 'x.md'), path.join(root, 'outside-link.md'));
    expect(await read(path.join(root, 'docs', 'plan.md'))).toMatchObject({ kind: 'refused', rule: 'Read(docs/**)' });
    expect(await read(path.join(root, 'outside-link.md'))).toMatchObject({ kind: 'refused', realPath: path.join(base, 'outside', 'x.md') });
  });

  it('reads the file that was opened and decided, when its name is swapped for a link to .env during the decision', async () => {
    const { root } = setUp();
    const scope = readScopeOf({ cwd: root, homeDirectory: os.homedir(), permissionContext: createPermissionContext({ deny: { project: ['Read(.env)'] } }) });
    const file = path.join(root, 'notes.md');
    const result = await readFileIfAllowed({
      file,
      maxBytes: 1024,
      decide: async (opened) => {
        renameSync(file, path.join(root, 'notes.old'));
        symlinkSync('.env', file);
        return readDecisionForFile({ scope, ...opened });
      },
    });
    expect(result.kind).toBe('read');
    expect(result.kind === 'read' && result.bytes.toString()).toBe('notes\n');
  });
});
