import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runChild } from '../run-child.ts';
import { fileSpec } from '../../src/cli/commands/init/codev-dependency.ts';

const REPO = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const BIN = path.join(REPO, 'bin/codev.mjs');
/** What init writes for this checkout into `project`: relative when near (a clone in /tmp), else absolute. */
const checkoutSpec = (project: string) => fileSpec(REPO, realpathSync(project));
const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string>; devDependencies: Record<string, string> };
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

/**
 * `root/project` with this codev installed as `npm i ../codev-0.1.0.tgz` leaves it (npm 11): the package's files in
 * node_modules/codev (its built dist/, bin/, templates/, package.json; its own dependencies reached through a
 * node_modules link to the repo's) and the hidden lock entry, copied from a real install, whose `resolved` is
 * relative to the project. Returns the installed package's folder.
 */
function installedFromTarball(root: string): string {
  const project = path.join(root, 'project');
  const installed = path.join(project, 'node_modules/codev');
  for (const part of ['bin', 'dist', 'templates', 'package.json']) cpSync(path.join(REPO, part), path.join(installed, part), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(installed, 'node_modules'));
  writeFileSync(path.join(root, 'codev-0.1.0.tgz'), '');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ dependencies: { codev: 'file:../codev-0.1.0.tgz' } }));
  const entry = { version: MANIFEST.version, resolved: 'file:../codev-0.1.0.tgz', integrity: 'sha512-hpBfOIR+/OFPjBsiUHP9A9np5HKXMvqRJSAGTEMGrfegfLb1daEPT3sjdrW641NmLu1Nht7jPwCxoe6WeFwFIw==', license: 'MIT', bin: { codev: 'bin/codev.mjs' } };
  writeFileSync(path.join(project, 'node_modules/.package-lock.json'), JSON.stringify({ name: 'project', lockfileVersion: 3, requires: true, packages: { 'node_modules/codev': entry } }, null, 2));
  return installed;
}

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
      dependencies: { codev: checkoutSpec(project), zod: MANIFEST.dependencies.zod },
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
    // The offline try-out README's first screen shows comes before the test, for a user with no key yet.
    expect(run.stdout).toContain("cd 'My Agent'\n  npm install\n  npm run try\n  npm test\n");
  });

  it('defaults to the current folder (or --cwd), creating it if missing', () => {
    const here = path.join(tempDir(), 'here');
    const run = codev(['init', '--cwd', here]);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).name).toBe('here');
    const inPlace = tempDir();
    expect(codev(['init'], { cwd: inPlace }).code).toBe(0);
    expect(existsSync(path.join(inPlace, 'plugins/word-count.ts'))).toBe(true);
    const before = snapshot(inPlace);
    const again = codev(['init'], { cwd: inPlace });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing was written');
    expect(snapshot(inPlace)).toEqual(before);
  });

  it('run again in its project: writes only the missing files, keeps the existing ones untouched and lists them', () => {
    const project = path.join(tempDir(), 'app');
    expect(codev(['init', project]).code).toBe(0);
    writeFileSync(path.join(project, 'README.md'), 'my own readme\n');
    rmSync(path.join(project, 'agent.ts'));
    rmSync(path.join(project, 'plugins/log-calls.ts'));
    const before = snapshot(project);
    const mtimes = Object.keys(before).map((file) => statSync(path.join(project, file)).mtimeMs);

    const again = codev(['init', project]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const after = snapshot(project);
    expect(Object.keys(after).sort()).toEqual([...EXPECTED_FILES].sort());
    for (const [file, content] of Object.entries(before)) expect(after[file], file).toBe(content);
    expect(Object.keys(before).map((file) => statSync(path.join(project, file)).mtimeMs)).toEqual(mtimes);
    // Only README.md differs from the template: the others are as it would write them.
    expect(again.stdout).toMatch(/Kept yours, not overwritten[^\n]*\n  README.md\n\n/);
    expect(again.stdout).toContain('  agent.ts\n');
    expect(again.stdout).toContain('  plugins/log-calls.ts\n');
  });

  it('--force replaces the existing template files, each kept first as <file>.bak, and restores the missing ones', () => {
    const project = path.join(tempDir(), 'app');
    expect(codev(['init', project]).code).toBe(0);
    const original = snapshot(project);
    writeFileSync(path.join(project, 'README.md'), 'my own readme\n');
    rmSync(path.join(project, 'agent.ts'));
    writeFileSync(path.join(project, 'notes.txt'), 'not part of the template\n');
    writeFileSync(path.join(project, 'tsconfig.json'), '{}\n');
    writeFileSync(path.join(project, 'tsconfig.json.bak'), 'an older backup\n');

    const forced = codev(['init', project, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`  README.md  (replaced; yours is in ${path.join(project, 'README.md.bak')})\n`);
    expect(forced.stdout).toContain('  agent.ts\n');
    expect(snapshot(project)).toEqual({
      ...original,
      'notes.txt': 'not part of the template\n',
      'README.md.bak': 'my own readme\n',
      'tsconfig.json.bak': 'an older backup\n',
      'tsconfig.json.bak2': '{}\n',
    });
  });

  it('in a folder with a package.json: adds only the missing entries and files, keeping the user\'s keys, order, values and indentation', () => {
    const project = tempDir();
    const theirs = '{\n    "name": "shop",\n    "version": "2.0.0",\n    "scripts": {\n        "test": "jest",\n        "build": "tsc"\n    },\n    "dependencies": {\n        "zod": "^3.23.0",\n        "express": "^4.21.0"\n    }\n}\n';
    writeFileSync(path.join(project, 'package.json'), theirs);
    writeFileSync(path.join(project, 'README.md'), '# shop\n');
    writeFileSync(path.join(project, 'tsconfig.json'), '{ "compilerOptions": { "strict": false } }\n');

    const run = codev(['init'], { cwd: project });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = snapshot(project);
    expect(files['README.md']).toBe('# shop\n');
    expect(files['tsconfig.json']).toBe('{ "compilerOptions": { "strict": false } }\n');
    expect(Object.keys(files).sort()).toEqual([...EXPECTED_FILES].sort());
    const text = files['package.json']!;
    // Their text, untouched, is where it was: every added entry comes after their own, four spaces deep.
    expect(text).toMatch(/^\{\n    "name": "shop",\n    "version": "2.0.0",\n    "scripts": \{\n        "test": "jest",\n        "build": "tsc",\n        "/);
    expect(text).toContain('"dependencies": {\n        "zod": "^3.23.0",\n        "express": "^4.21.0",\n        "codev": ');
    const manifest = JSON.parse(text);
    const template = JSON.parse(readFileSync(path.join(REPO, 'templates/default/package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    expect(Object.keys(manifest)).toEqual(['name', 'version', 'scripts', 'dependencies', 'type', 'devDependencies']);
    expect(manifest).toMatchObject({ name: 'shop', version: '2.0.0', type: 'module', scripts: { test: 'jest', build: 'tsc' }, dependencies: { zod: '^3.23.0', express: '^4.21.0', codev: checkoutSpec(project) } });
    expect(Object.keys(manifest.scripts)).toEqual(['test', 'build', ...Object.keys(template.scripts).filter((name) => name !== 'test')]);
    expect(Object.keys(manifest.devDependencies)).toEqual(Object.keys(template.devDependencies));
    expect(run.stdout).toMatch(/Kept yours, not overwritten[^\n]*\n  README.md\n  tsconfig.json\n/);
    expect(run.stdout).toContain('dependencies.zod: "^3.23.0"');
    expect(run.stdout).toContain('scripts.test: "jest"');
    expect(run.stdout).toContain(`Added codev to shop in ${project}`);

    // Their own codev, different from this one's, is kept, and the output says what this codev would have written.
    const pinned = tempDir();
    writeFileSync(path.join(pinned, 'package.json'), '{ "devDependencies": { "codev": "^0.0.9" } }');
    const keptCodev = codev(['init'], { cwd: pinned });
    expect(keptCodev.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(pinned, 'package.json'), 'utf8')).devDependencies.codev).toBe('^0.0.9');
    expect(JSON.parse(readFileSync(path.join(pinned, 'package.json'), 'utf8')).dependencies.codev).toBeUndefined();
    expect(keptCodev.stdout).toContain(`codev dependency: kept yours, "codev": "^0.0.9"; this codev would have written "${checkoutSpec(pinned)}"`);
    expect(files['agents/reviewer.md']).toBeDefined();
  });

  it('keeps a CommonJS package CommonJS: no "type" added where .js files would change meaning, and a tsconfig.json that reads the .ts files as ES modules', () => {
    const project = tempDir();
    writeFileSync(path.join(project, 'package.json'), '{\n  "name": "old",\n  "main": "index.js"\n}\n');
    writeFileSync(path.join(project, 'index.js'), "module.exports = require('./lib');\n");
    const run = codev(['init'], { cwd: project });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).type).toBeUndefined();
    expect(run.stdout).toContain('"type" was left as it is');
    // tsc reads the .ts files as the ES modules codev and vitest run them as, whatever "type" says.
    expect(JSON.parse(readFileSync(path.join(project, 'tsconfig.json'), 'utf8')).compilerOptions).toMatchObject({ module: 'Preserve', moduleResolution: 'Bundler', strict: true });
  });

  it('a package.json that is not JSON: PACKAGE_JSON_INVALID naming its file, line and column, and nothing written', () => {
    const project = tempDir();
    writeFileSync(path.join(project, 'package.json'), '{\n  "name": "broken"\n  "version": "1.0.0"\n}\n');
    const before = snapshot(project);
    const run = codev(['init'], { cwd: project });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('PACKAGE_JSON_INVALID');
    expect(run.stderr).toContain(`${path.join(project, 'package.json')}:3:3`);
    expect(snapshot(project)).toEqual(before);
    expect(readdirSync(project)).toEqual(['package.json']);
  });

  it('--codev SPEC is written as given (version, tarball, git URL); a spec that cannot be one exits 2 writing nothing', () => {
    for (const spec of ['^0.1.0', 'file:../codev-0.1.0.tgz', 'git+https://example.com/me/codev.git#v0.1.0']) {
      const project = tempDir();
      const run = codev(['init', '--codev', spec], { cwd: project });
      expect(run.code).toBe(0);
      expect(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).dependencies.codev).toBe(spec);
      expect(run.stdout).toContain(`codev dependency: "codev": ${JSON.stringify(spec)}\n  because given with --codev`);
    }
    const parent = tempDir();
    const bad = codev(['init', 'app', '--codev', 'two words'], { cwd: parent });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CLI_USAGE');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('from a checkout: the file: link names this checkout, and npm resolves the project with it (install --dry-run)', async () => {
    const project = path.join(tempDir(), 'app');
    const run = codev(['init', project]);
    expect(run.stdout).toContain(`codev dependency: "codev": "${checkoutSpec(project)}"\n  because the running codev is the checkout ${REPO}.`);
    const spec = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).dependencies.codev as string;
    expect(JSON.parse(readFileSync(path.join(path.resolve(project, spec.slice('file:'.length)), 'package.json'), 'utf8')).name).toBe('codev');
    const npm = await runChild(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, timeoutMs: 120_000 });
    expect(npm.code, npm.output).toBe(0);
    expect(npm.output).toContain(`add codev ${MANIFEST.version}`);
  });

  it('installed from a tarball: links that tarball, as npm recorded it in the project\'s node_modules/.package-lock.json', () => {
    const root = tempDir();
    const installed = installedFromTarball(root);
    const run = spawnSync(process.execPath, [path.join(installed, 'bin/codev.mjs'), 'init', 'app'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CODEV_FROM_SOURCE: '' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, 'app/package.json'), 'utf8')).dependencies.codev).toBe('file:../codev-0.1.0.tgz');
    expect(run.stdout).toContain(`because the running codev was installed from ${path.join(root, 'codev-0.1.0.tgz')} (${path.join(root, 'project/node_modules/.package-lock.json')})`);
    // Far from the tarball, the path is absolute.
    const far = spawnSync(process.execPath, [path.join(installed, 'bin/codev.mjs'), 'init', path.join(tempDir(), 'a', 'b', 'c')], { cwd: root, encoding: 'utf8', env: { ...process.env, CODEV_FROM_SOURCE: '' } });
    expect(far.stdout).toContain(`"codev": "file:${path.join(root, 'codev-0.1.0.tgz')}"`);
  });

  it('bad usage exits 2: an unknown template (listing the available ones), extra arguments', () => {
    const parent = tempDir();
    const unknown = codev(['init', 'app', '--template', 'nope'], { cwd: parent });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('CLI_USAGE: --template nope');
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

  it('a package.json or template file that links to a FIFO or a device is in the way: exit 1 at once, nothing read from it, nothing written', () => {
    const root = tempDir();
    const fifo = path.join(root, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const cases = [
      { name: 'package-to-zero', file: 'package.json', to: '/dev/zero' },
      { name: 'package-to-fifo', file: 'package.json', to: fifo },
      { name: 'readme-to-fifo', file: 'README.md', to: fifo },
    ];
    for (const { name, file, to } of cases) {
      const project = path.join(root, name);
      mkdirSync(project);
      symlinkSync(to, path.join(project, file));
      // A read of /dev/zero never ends and a FIFO's blocks until a writer comes: the timeout says init read it.
      const run = spawnSync(process.execPath, [BIN, 'init', project, '--codev', '^0.1.0'], { encoding: 'utf8', timeout: 60_000, maxBuffer: 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
      expect({ name, signal: run.signal, code: run.status }).toEqual({ name, signal: null, code: 1 });
      expect(run.stderr).toContain(file);
      expect(readdirSync(project)).toEqual([file]);
    }
  }, 200_000);

  it('removes the temp file a codev killed mid-write left in the folder, also when it has nothing to write', () => {
    const project = tempDir();
    expect(codev(['init', project, '--codev', '^0.1.0']).code).toBe(0);
    // What a codev killed with SIGKILL between writing a temp file and renaming it leaves: the file, and its
    // journal line in the temp folder's journals (the pid of a process that is gone).
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const pid = Number(dead.stdout.trim());
    const leftover = path.join(project, `.package.json.${pid}.0123456789ab.tmp`);
    writeFileSync(leftover, '{"half":');
    const journals = path.join(os.tmpdir(), `codev-temp-files-${process.getuid?.() ?? 'user'}`);
    mkdirSync(journals, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(journals, `${pid}.log`), `${leftover}\n`);
    const again = codev(['init', project, '--codev', '^0.1.0']);
    expect(again.code).toBe(0);
    expect(existsSync(leftover)).toBe(false);
  });

  it('a package.json made read-only (no write bit) is not changed, even by root: exit 1 and nothing written', () => {
    const project = tempDir();
    const manifest = path.join(project, 'package.json');
    writeFileSync(manifest, '{ "name": "locked" }\n');
    chmodSync(manifest, 0o444);
    const run = codev(['init', project, '--codev', '^0.1.0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('FILE_READ_ONLY');
    expect(readFileSync(manifest, 'utf8')).toBe('{ "name": "locked" }\n');
    expect(readdirSync(project)).toEqual(['package.json']);
  });

  it('--help exits 0 and the main help lists init', () => {
    const help = codev(['init', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--template NAME');
    expect(help.stdout).toContain('--force');
    expect(codev(['--help']).stdout).toContain('init [dir]');
  });
});
