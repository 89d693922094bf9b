/**
 * Two `codev mcp serve` on one project (Claude Code and Cursor, each starting its own) keep their clients'
 * "allow always" answers in the same .codev/settings.local.json. Each write reads the file, adds its rule and
 * renames a new file over it: two processes doing so at once must not lose one's rules. Here two processes
 * add rules through codev's own addLocalRules (the built package), many at once; every rule must be kept.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/index.js');
const RULES_EACH = 40;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', '.codev/.keep': '' } });
});
afterAll(async () => {
  await project.cleanup();
});

/** A process adding RULES_EACH rules `Bash(<name>-<i>)`, all at once, to the project's local settings. */
function addRules(name: string): Promise<number | null> {
  const script = `const { addLocalRules, defaultLocalSettingsFile } = await import(${JSON.stringify(pathToFileURL(ENTRY).href)});
const file = defaultLocalSettingsFile(${JSON.stringify(project.root)});
await Promise.all(Array.from({ length: ${RULES_EACH} }, (_, index) => addLocalRules({ file, behavior: 'allow', rules: ['Bash(${name}-' + index + ')'] })));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => child.once('exit', resolve));
}

describe('two codev mcp serve of one project saving "allow always" at once', () => {
  it('keep every rule of both in .codev/settings.local.json', { timeout: 60_000 }, async () => {
    expect(await Promise.all([addRules('first'), addRules('second')])).toEqual([0, 0]);
    const allow = (JSON.parse(readFileSync(project.path('.codev/settings.local.json'), 'utf8')) as { permissions: { allow: string[] } }).permissions.allow;
    const expected = ['first', 'second'].flatMap((name) => Array.from({ length: RULES_EACH }, (_, index) => `Bash(${name}-${index})`));
    expect([...allow].sort()).toEqual([...expected].sort());
  });
});
