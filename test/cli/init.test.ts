import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const BIN = path.join(REPO, 'bin/codev.mjs');
const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const EXPECTED_FILES = [
  '.gitignore',
  'README.md',
  'agent.ts',
  'agents/reviewer.md',
  'codev.config.ts',
  'package.json',
  'plugins/log-calls.ts',
  'plugins/project-rules.ts',
  'plugins/word-count.ts',
  'skills/word-report/SKILL.md',
  'test/plugins.test.ts',
  'tsconfig.json',
];

const temps: string[] = [];
/** A fresh folder under os.tmpdir(), so no package.json or node_modules of this repo is above the project. */
function tempDir(): string {
  const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-init-')));
  temps.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temps) rmSync(directory, { recursive: true, force: true });
});

function codev(args: string[], options: { cwd?: string } = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every file under a folder (relative, `/`-separated) with its content. */
function snapshot(directory: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(directory, file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
  }
  return files;
}

describe('codev init', () => {
  it('writes a project with the values filled in and prints the next steps', () => {
    const parent = tempDir();
    const run = codev(['init', 'My Agent'], { cwd: parent });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const project = path.join(parent, 'My Agent');
    const files = snapshot(project);
    expect(Object.keys(files).sort()).toEqual([...EXPECTED_FILES].sort());
    for (const [file, content] of Object.entries(files)) expect(content, file).not.toMatch(/\{\{\w+\}\}/);

    const manifest = JSON.parse(files['package.json']!);
    expect(manifest).toMatchObject({
      name: 'my-agent',
      type: 'module',
      scripts: { test: 'vitest run', agent: 'codev run agent.ts' },
      dependencies: { codev: `file:${REPO}`, zod: MANIFEST.dependencies.zod },
      devDependencies: {
        vitest: MANIFEST.devDependencies.vitest,
        vite: MANIFEST.devDependencies.vite,
        typescript: MANIFEST.devDependencies.typescript,
        '@types/node': MANIFEST.devDependencies['@types/node'],
      },
    });
    expect(JSON.parse(files['tsconfig.json']!).compilerOptions).toMatchObject({ strict: true, module: 'NodeNext', allowImportingTsExtensions: true, noEmit: true });
    expect(files['.gitignore']!.split('\n')).toEqual(expect.arrayContaining(['node_modules/', '.codev/']));
    expect(files['README.md']).toMatch(/^# my-agent\n/);
    expect(files['agent.ts']).toContain('export default defineAgent({');
    expect(files['agent.ts']).toMatch(/ANTHROPIC_API_KEY.*\n?.*ANTHROPIC_BASE_URL/);
    expect(files['codev.config.ts']).toContain('export default defineConfig({');

    for (const file of EXPECTED_FILES) expect(run.stdout).toContain(`  ${file}\n`);
    expect(run.stdout).toContain(`Created my-agent in ${project}`);
    expect(run.stdout).toContain("cd 'My Agent'\n  npm install\n  npm test\n");
  });

  it('defaults to the current folder (or --cwd), creating it if missing', () => {
    const here = path.join(tempDir(), 'here');
    const run = codev(['init', '--cwd', here]);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).name).toBe('here');
    const inPlace = tempDir();
    expect(codev(['init'], { cwd: inPlace }).code).toBe(0);
    expect(existsSync(path.join(inPlace, 'plugins/word-count.ts'))).toBe(true);
  });

  it('refuses to overwrite: lists every existing file, exits 1 and writes nothing', () => {
    const project = path.join(tempDir(), 'app');
    expect(codev(['init', project]).code).toBe(0);
    writeFileSync(path.join(project, 'README.md'), 'my own readme\n');
    rmSync(path.join(project, 'agent.ts'));
    rmSync(path.join(project, 'plugins/log-calls.ts'));
    const before = snapshot(project);
    const mtimes = Object.keys(before).map((file) => statSync(path.join(project, file)).mtimeMs);

    const again = codev(['init', project]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    const conflicts = EXPECTED_FILES.filter((file) => file !== 'agent.ts' && file !== 'plugins/log-calls.ts');
    for (const file of conflicts) expect(again.stderr).toContain(`  ${file}\n`);
    expect(again.stderr).not.toContain('agent.ts');
    expect(again.stderr).toContain(`these ${conflicts.length} files already exist`);
    expect(again.stderr).toContain('Nothing was written');
    expect(again.stderr).toContain('--force');
    // Not even the missing files were written.
    expect(snapshot(project)).toEqual(before);
    expect(Object.keys(before).map((file) => statSync(path.join(project, file)).mtimeMs)).toEqual(mtimes);
  });

  it('--force overwrites the existing files and restores the missing ones', () => {
    const project = path.join(tempDir(), 'app');
    expect(codev(['init', project]).code).toBe(0);
    const original = snapshot(project);
    writeFileSync(path.join(project, 'README.md'), 'my own readme\n');
    rmSync(path.join(project, 'agent.ts'));
    writeFileSync(path.join(project, 'notes.txt'), 'not part of the template\n');

    const forced = codev(['init', project, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('  README.md  (overwritten)\n');
    expect(forced.stdout).toContain('  agent.ts\n');
    expect(snapshot(project)).toEqual({ ...original, 'notes.txt': 'not part of the template\n' });
  });

  it('bad usage exits 2: an unknown template (listing the available ones), extra arguments', () => {
    const parent = tempDir();
    const unknown = codev(['init', 'app', '--template', 'nope'], { cwd: parent });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('CLI_USAGE: Unknown template "nope"');
    expect(unknown.stderr).toContain('use one of: default');
    expect(existsSync(path.join(parent, 'app'))).toBe(false);
    expect(codev(['init', 'a', 'b'], { cwd: parent }).code).toBe(2);
    expect(codev(['init', '--bogus'], { cwd: parent }).code).toBe(2);
    expect(readdirSync(parent)).toEqual([]);
    expect(codev(['init', 'app', '--template', 'default'], { cwd: parent }).code).toBe(0);
  });

  it('fails (exit 1) when the target is a file', () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const run = codev(['init', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is not a folder');
  });

  it('--help exits 0 and the main help lists init', () => {
    const help = codev(['init', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--template NAME');
    expect(help.stdout).toContain('--force');
    expect(codev(['--help']).stdout).toContain('init [dir]');
  });
});
