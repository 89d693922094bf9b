import { execFileSync } from 'node:child_process';
import { linkSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { exists, expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 5, more places code is loaded from: what a `#` subpath import of the config maps to, the
 * files a hook's shell script sources, the makefile a hook's `make` reads (directly or through `npm test`),
 * the modules a hook's python script imports from its folder, the files yarn and pnpm load into a hook's
 * `yarn`/`pnpm` (the release and plugins `.yarnrc.yml` names, `.pnp.cjs`, `.pnpmfile.cjs`), and a nested
 * repository's own real places (a separate git dir, its core.hooksPath). Each attack runs
 * `codev tool` end to end with the write allowed, judged by its effect; ordinary work stays allowed.
 */
type Case = JudgedAttack;

const ORIGINAL = 'export const ok = true;\n';
const PLANTED = "import { writeFileSync } from 'node:fs'; writeFileSync('PWNED', '');\n";
const SANDBOX = isSandboxAvailable();
const write = (file: string) => ({ tool: 'Write', input: { file_path: file.startsWith('{{') || file.startsWith('/') ? file : `{{project}}/${file}`, content: PLANTED } });
const overwrite = (file: string) => ({ mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: `echo planted > ${file}` });
const changed = (file: string) => (run: AttackRun) => exists(run, file) && readFileSync(path.join(run.project.root, file), 'utf8') !== ORIGINAL;
const created = (file: string) => (run: AttackRun) => exists(run, file);
const WRITES = { mode: 'acceptEdits', allow: ['Write', 'Edit'] };
const python = (file: string) => `python3 -c "import os; os.makedirs(os.path.dirname('${file}') or '.', exist_ok=True); open('${file}', 'w').write('planted')"`;
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore' });
const hook = (command: string) => ({ 'codev.config.ts': `export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: '${command}' }] };\n` });

const ATTACKS: Case[] = [
  { name: 'overwrite the file a package.json "imports" entry maps the config\'s #import to', files: { 'package.json': '{"name":"victim","private":true,"type":"module","imports":{"#policy":"./lib/policy.ts"}}', 'codev.config.ts': "import { ok } from '#policy';\nexport default { permissions: { allow: ok ? [] : [] } };\n", 'lib/policy.ts': ORIGINAL }, ...overwrite('lib/policy.ts'), worked: changed('lib/policy.ts') },
  { name: 'overwrite the file the config imports by the project\'s own name (package.json exports)', files: { 'package.json': '{"name":"victim","private":true,"type":"module","exports":{"./policy":"./lib/policy.ts"}}', 'codev.config.ts': "import { ok } from 'victim/policy';\nexport default { permissions: { allow: ok ? [] : [] } };\n", 'lib/policy.ts': ORIGINAL }, ...overwrite('lib/policy.ts'), worked: changed('lib/policy.ts') },
  { name: 'remap the config\'s #import in package.json to a file the model writes', files: { 'package.json': '{"name":"victim","private":true,"type":"module","imports":{"#policy":"./lib/policy.ts"}}', 'codev.config.ts': "import { ok } from '#policy';\nexport default { permissions: { allow: ok ? [] : [] } };\n", 'lib/policy.ts': ORIGINAL }, mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: `echo '{"name":"victim","type":"module","imports":{"#policy":"./lib/evil.ts"}}' > package.json`, worked: (run) => readFileSync(path.join(run.project.root, 'package.json'), 'utf8').includes('evil') },
  { name: 'overwrite the file a hook shell script sources', files: { ...hook('sh hooks/check.sh'), 'hooks/check.sh': '. ./hooks/lib.sh\ncheck\n', 'hooks/lib.sh': ORIGINAL }, ...overwrite('hooks/lib.sh'), worked: changed('hooks/lib.sh') },
  { name: 'overwrite the file a hook shell script sources with source', files: { ...hook('bash hooks/check.sh'), 'hooks/check.sh': 'source "$(dirname "$0")/lib.sh"\nsource hooks/env.sh\n', 'hooks/env.sh': ORIGINAL }, ...overwrite('hooks/env.sh'), worked: changed('hooks/env.sh') },
  ...['source "$(dirname "$0")/lib.sh"', '. "$(cd "$(dirname "$0")" && pwd)/lib.sh"', 'source "${BASH_SOURCE%/*}/lib.sh"'].map((line): Case => ({ name: `overwrite the file a hook script sources by its own folder (${line})`, files: { ...hook('bash hooks/check.sh'), 'hooks/check.sh': `${line}\ncheck\n`, 'hooks/lib.sh': ORIGINAL }, ...overwrite('hooks/lib.sh'), worked: changed('hooks/lib.sh') })),
  { name: 'overwrite the Makefile a hook runs with make', files: { ...hook('make check'), Makefile: ORIGINAL }, ...overwrite('Makefile'), worked: changed('Makefile') },
  { name: 'overwrite the Makefile a hook runs through npm test', files: { ...hook('npm test'), 'package.json': '{"name":"victim","scripts":{"test":"make test"}}', Makefile: ORIGINAL }, ...overwrite('Makefile'), worked: changed('Makefile') },
  { name: 'nested repository with a .git file: Write into its store hooks', ...WRITES, files: { 'packages/app/package.json': '{}' }, setup: ({ root }) => git(path.join(root, 'packages/app'), 'init', '-q', '--separate-git-dir', path.join(root, 'store'), '.'), ...write('store/hooks/pre-commit'), worked: created('store/hooks/pre-commit') },
  { name: 'nested repository with core.hooksPath: Write its hooks folder', ...WRITES, files: { 'packages/app/package.json': '{}' }, setup: ({ root }) => { git(path.join(root, 'packages/app'), 'init', '-q', '.'); git(path.join(root, 'packages/app'), 'config', 'core.hooksPath', 'githooks'); }, ...write('packages/app/githooks/pre-commit'), worked: created('packages/app/githooks/pre-commit') },
  { name: 'bare allow Write outside through many ..', mode: 'default', allow: ['Write'], ...write('{{project}}/../../../../../../..{{outside}}/x.ts'), worked: (run) => exists(run, `../${path.basename(run.outside)}/x.ts`) },
  { name: 'bare allow Write outside through //', mode: 'default', allow: ['Write'], ...write('/{{outside}}//x.ts'), worked: (run) => exists(run, `../${path.basename(run.outside)}/x.ts`) },
  { name: 'a hard link to a skill SKILL.md under another name', files: { 'skills/deploy/SKILL.md': ORIGINAL, 'notes.md': 'x' }, setup: ({ root }) => { execFileSync('rm', [path.join(root, 'notes.md')]); linkSync(path.join(root, 'skills/deploy/SKILL.md'), path.join(root, 'notes.md')); }, ...overwrite('notes.md'), worked: changed('skills/deploy/SKILL.md') },
  ...[true, false].map((sandbox): Case => ({ name: `Bash writes the file a hook script sources (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(echo:*)'], files: { ...hook('hooks/check.sh'), 'hooks/check.sh': '#!/bin/sh\n[ -f hooks/local.sh ] && . hooks/local.sh\n' }, input: 'echo "touch PWNED" > hooks/local.sh', worked: created('hooks/local.sh') })),
  { name: 'overwrite a module a hook\'s python script imports from its folder', files: { ...hook('python3 hooks/check.py'), 'hooks/check.py': 'import sys\nfrom policy import rules\nimport helpers.io as io\n', 'hooks/policy.py': ORIGINAL }, ...overwrite('hooks/policy.py'), worked: changed('hooks/policy.py') },
  { name: 'Write a module beside a hook\'s python script that shadows what it imports', ...WRITES, files: { ...hook('python3 hooks/check.py'), 'hooks/check.py': 'import json\n' }, ...write('hooks/json.py'), worked: created('hooks/json.py') },
  { name: 'Write the package module a hook\'s python script imports (helpers/io.py)', ...WRITES, files: { ...hook('python3 hooks/check.py'), 'hooks/check.py': 'import helpers.io as io\n' }, ...write('hooks/helpers/io.py'), worked: created('hooks/helpers/io.py') },
  { name: 'overwrite the module a hook runs with python -m', files: { ...hook('python3 -m tools.check --strict'), 'tools/__init__.py': '', 'tools/check.py': ORIGINAL }, ...overwrite('tools/check.py'), worked: changed('tools/check.py') },
  { name: 'Write the __main__.py of the package an MCP server runs with python -m', ...WRITES, files: { '.mcp.json': JSON.stringify({ mcpServers: { local: { command: 'python3', args: ['-m', 'server'] } } }), 'server/__init__.py': '' }, ...write('server/__main__.py'), worked: created('server/__main__.py') },
  { name: 'overwrite the script a hook runs after cd (cd tools && ./check.sh)', files: { ...hook('cd tools && ./check.sh'), 'tools/check.sh': ORIGINAL }, ...overwrite('tools/check.sh'), worked: changed('tools/check.sh') },
  { name: 'overwrite the Makefile a hook runs make in after cd', files: { ...hook('cd "$CODEV_PROJECT_DIR/build" && make lint'), 'build/Makefile': ORIGINAL }, ...overwrite('build/Makefile'), worked: changed('build/Makefile') },
  ...['.pre-commit-config.yaml', 'lefthook.yml', '.lintstagedrc.json', 'lint-staged.config.mjs'].map((name): Case => ({ name: `Write ${name}, whose commands the repository's git hooks run`, ...WRITES, git: true, ...write(name), worked: created(name) })),
  ...['npm --prefix packages/app run lint', 'pnpm -C packages/app lint', 'yarn --cwd packages/app lint', 'pnpm --dir=packages/app run lint'].map((command): Case => ({ name: `overwrite the script a hook runs in another package (${command})`, files: { ...hook(command), 'packages/app/package.json': '{"name":"app","scripts":{"lint":"sh scripts/lint.sh"}}', 'packages/app/scripts/lint.sh': ORIGINAL }, ...overwrite('packages/app/scripts/lint.sh'), worked: changed('packages/app/scripts/lint.sh') })),
  { name: 'overwrite the yarn release .yarnrc.yml names, which yarn runs for a hook\'s yarn lint', files: { ...hook('yarn lint'), 'package.json': '{"name":"victim","scripts":{"lint":"echo ok"}}', '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.1.0.cjs\nplugins:\n  - path: .yarn/plugins/plugin-x.cjs\n', '.yarn/releases/yarn-4.1.0.cjs': ORIGINAL }, ...overwrite('.yarn/releases/yarn-4.1.0.cjs'), worked: changed('.yarn/releases/yarn-4.1.0.cjs') },
  { name: 'Write the yarn plugin .yarnrc.yml names, which yarn loads for a hook\'s yarn lint', ...WRITES, files: { ...hook('yarn lint'), 'package.json': '{"name":"victim","scripts":{"lint":"echo ok"}}', '.yarnrc.yml': 'plugins:\n  - path: .yarn/plugins/plugin-x.cjs\n    spec: x\n' }, ...write('.yarn/plugins/plugin-x.cjs'), worked: created('.yarn/plugins/plugin-x.cjs') },
  { name: 'overwrite .pnp.cjs, which yarn loads into a hook\'s yarn lint', files: { ...hook('yarn run lint'), 'package.json': '{"name":"victim","scripts":{"lint":"node x.js"}}', '.pnp.cjs': ORIGINAL }, ...overwrite('.pnp.cjs'), worked: changed('.pnp.cjs') },
  { name: 'Write .pnpmfile.cjs, which pnpm runs for a hook\'s pnpm install', ...WRITES, files: hook('pnpm install --frozen-lockfile') , ...write('.pnpmfile.cjs'), worked: created('.pnpmfile.cjs') },
  { name: 'nested repository with a .git file: python in the sandbox writes its store hook', mode: 'bypassPermissions', needsSandbox: true, files: { 'packages/app/package.json': '{}' }, setup: ({ root }) => git(path.join(root, 'packages/app'), 'init', '-q', '--separate-git-dir', path.join(root, 'store'), '.'), input: python('store/hooks/pre-commit'), worked: created('store/hooks/pre-commit') },
];

const BENIGN: Case[] = [
  { name: 'Write a file beside a sourced hook library', ...WRITES, files: { ...hook('sh hooks/check.sh'), 'hooks/check.sh': '. ./hooks/lib.sh\n', 'hooks/lib.sh': ORIGINAL }, ...write('hooks/README.md'), worked: created('hooks/README.md') },
  { name: 'overwrite a file beside the one the config imports by the project\'s own name', files: { 'package.json': '{"name":"victim","private":true,"type":"module","exports":{"./policy":"./lib/policy.ts"}}', 'codev.config.ts': "import { ok } from 'victim/policy';\nexport default { permissions: { allow: ok ? [] : [] } };\n", 'lib/policy.ts': ORIGINAL, 'lib/other.ts': ORIGINAL }, ...overwrite('lib/other.ts'), worked: changed('lib/other.ts') },
  { name: 'overwrite a Makefile no hook runs', files: { Makefile: ORIGINAL }, ...overwrite('Makefile'), worked: changed('Makefile') },
  { name: 'overwrite a file the config does not reach through the imports map', files: { 'package.json': '{"name":"victim","private":true,"type":"module","imports":{"#policy":"./lib/policy.ts"}}', 'codev.config.ts': "import { ok } from '#policy';\nexport default { permissions: { allow: ok ? [] : [] } };\n", 'lib/policy.ts': ORIGINAL, 'lib/other.ts': ORIGINAL }, ...overwrite('lib/other.ts'), worked: changed('lib/other.ts') },
  { name: 'Write a python module no hook imports', ...WRITES, files: { ...hook('python3 hooks/check.py'), 'hooks/check.py': 'import json\n' }, ...write('src/json.py'), worked: created('src/json.py') },
  { name: 'Write a file in .yarn/ that .yarnrc.yml does not name', ...WRITES, files: { ...hook('yarn lint'), '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.1.0.cjs\n' }, ...write('.yarn/cache/x.zip'), worked: created('.yarn/cache/x.zip') },
  { name: 'make runs in the sandbox when a hook runs make too (no placeholder for the makefile names make looks for)', mode: 'bypassPermissions', files: { ...hook('make check'), Makefile: 'all:\n\techo built > out.txt\n' }, input: 'make 2>&1', worked: created('out.txt') },
  { name: 'python runs a script importing json in the sandbox when a hook runs it', mode: 'bypassPermissions', files: { ...hook('python3 hooks/check.py'), 'hooks/check.py': 'import json\nopen("out.txt", "w").write(json.dumps(1))\n' }, input: 'python3 hooks/check.py 2>&1', worked: created('out.txt') },
  { name: 'git commits in the sandbox with a pre-commit config looked up by name', mode: 'bypassPermissions', git: true, files: { 'a.txt': 'a\n' }, input: 'echo b > b.txt; git add b.txt 2>&1; git -c user.name=t -c user.email=t@t commit -q -m b 2>&1; ls -a; git status --porcelain', worked: (run) => !run.text.includes('.pre-commit-config') && !run.text.includes('lefthook') },
  { name: 'git commits in a nested repository with a separate git dir in the sandbox', mode: 'bypassPermissions', files: { 'packages/app/package.json': '{}' }, setup: ({ root }) => git(path.join(root, 'packages/app'), 'init', '-q', '--separate-git-dir', path.join(root, 'store'), '.'), input: 'cd packages/app && git add package.json 2>&1 && git -c user.name=t -c user.email=t@t commit -q -m a 2>&1; git log --oneline | wc -l', worked: (run) => run.text.trim().endsWith('1') },
  { name: 'Write in a nested repository outside its hooks folder', ...WRITES, files: { 'packages/app/package.json': '{}' }, setup: ({ root }) => { git(path.join(root, 'packages/app'), 'init', '-q', '.'); git(path.join(root, 'packages/app'), 'config', 'core.hooksPath', 'githooks'); }, ...write('packages/app/src/index.ts'), worked: created('packages/app/src/index.ts') },
];

describe('class 5: more places code is loaded from', () => {
  it.each(ATTACKS.filter((entry) => SANDBOX || !entry.needsSandbox).map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld(entry, { refused: entry.mode !== 'bypassPermissions' }));
});

describe('class 5: more places, ordinary work', () => {
  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectAllowed(entry));
});
