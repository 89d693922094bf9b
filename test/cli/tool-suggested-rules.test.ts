import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { runCodev } from './run-codev.ts';

// When codev tool denies a call it cannot ask about, the --allow rules its message suggests make that call
// run: following the message is the fix. A file reached through a link out of the project (a file: or
// `npm link` dependency in node_modules) is the case where the rule named only the link's target.

let project: TempProject;

beforeAll(async () => {
  const outside = removeAtExit(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-linked-package-'))));
  writeFileSync(path.join(outside, 'x.mjs'), 'console.log("ran");\n');
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }' } });
  mkdirSync(path.join(project.root, 'node_modules'));
  symlinkSync(outside, path.join(project.root, 'node_modules/linked'));
});
afterAll(async () => {
  await project.cleanup();
});

function tool(input: object, allow: readonly string[]) {
  return runCodev(['tool', 'Bash', JSON.stringify(input), ...allow.flatMap((rule) => ['--allow', rule]), '--cwd', project.root], { NO_COLOR: '1' });
}

describe('the rules codev tool suggests', () => {
  it('run the call they were suggested for', async () => {
    const input = { command: 'node node_modules/linked/x.mjs' };
    const denied = await tool(input, ['Bash(node node_modules/linked/x.mjs)']);
    expect(denied.code, denied.stderr).toBe(1);
    const suggested = [...denied.stderr.matchAll(/--allow '([^']+)'/g)].map((match) => match[1]!);
    expect(suggested).toContainEqual(expect.stringMatching(/^Read\(/));
    const allowed = await tool(input, suggested);
    expect({ suggested, code: allowed.code, stderr: allowed.stderr }).toEqual({ suggested, code: 0, stderr: '' });
    expect(allowed.stdout).toContain('ran');
  });
});
