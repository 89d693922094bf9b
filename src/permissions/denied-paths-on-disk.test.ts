import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPermissionContext } from './create-permission-context.ts';
import { deniedPathsOnDisk } from './denied-paths-on-disk.ts';

describe('deniedPathsOnDisk', () => {
  it('finds what Read and Edit deny rules cover on disk: direct paths, and wildcards below the working directories', async () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-denied-')));
    for (const file of ['.env', 'app/.env', 'keys/a.pem', 'src/main.ts', 'node_modules/x/.env']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), '');
    }
    const permissionContext = createPermissionContext({ deny: { project: ['Read(.env)', 'Read(./keys/**)', 'Edit(./src/main.ts)', 'Bash(rm:*)', 'Read(./missing/**)'] } });
    const found = await deniedPathsOnDisk({ permissionContext, anchors: { cwd: root, root, home: '/nowhere' }, workingDirectories: [root] });
    expect(found.hidden.map((file) => path.relative(root, file)).sort()).toEqual(['.env', 'app/.env', 'keys', 'node_modules/x/.env']);
    expect(found.readOnly.map((file) => path.relative(root, file))).toEqual(['src/main.ts']);
  });
});
