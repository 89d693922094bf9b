import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { codevModule } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { exists, expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 5: code planted for later, and protected places reached another way. Every place codev
 * or git loads code or settings from, at any depth inside the working directory, every file that code
 * imports and git's real places must be protected for writes, whatever name reaches them. Each attack runs
 * `codev tool` end to end (acceptEdits with the tool allowed: the write would run unasked if the place were
 * not protected) and is judged by its effect: the planted file not created, the loaded file unchanged.
 */
type Case = JudgedAttack;

const ORIGINAL = 'export const ok = true;\n';
const PLANTED = "import { writeFileSync } from 'node:fs'; writeFileSync('PWNED', '');\n";
const SANDBOX = isSandboxAvailable();
const write = (file: string) => ({ tool: 'Write', input: { file_path: `{{project}}/${file}`, content: PLANTED } });
/** An existing file (Write refuses a file not read first): a redirect, the command allowed, writes approved. */
const overwrite = (file: string) => ({ mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: `echo planted > ${file}` });
const changed = (file: string) => (run: AttackRun) => exists(run, file) && readFileSync(path.join(run.project.root, file), 'utf8') !== ORIGINAL;
const created = (file: string) => (run: AttackRun) => exists(run, file);
/** The Write tool allowed, writes approved: only the protection can stop it. */
const WRITES = { mode: 'acceptEdits', allow: ['Write', 'Edit'] };
/** A command the sandbox would let through if the place were not mounted read-only. */
const python = (file: string) => `python3 -c "import os; os.makedirs(os.path.dirname('${file}') or '.', exist_ok=True); open('${file}', 'w').write('planted')"`;
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
const gitConfig = (key: string, value: string) => ({ git: true, setup: ({ root }: { root: string }) => git(root, 'config', key, value) });
const config = (text: string) => ({ 'codev.config.ts': text });
/** A plugin that loads (a plugin that fails to load makes every call ask, which would hide the protection). */
const plugin = (imports = '') => `import { definePlugin } from '${codevModule('plugins/define-plugin.ts')}';\n${imports}export default definePlugin({ name: 'ok' });\n`;

const NESTED: Case[] = [
  { name: 'Write packages/app/plugins/evil.ts', ...WRITES, files: { 'packages/app/package.json': '{}' }, ...write('packages/app/plugins/evil.ts'), worked: created('packages/app/plugins/evil.ts') },
  { name: 'Write packages/app/plugins/evil.ts (dontAsk)', mode: 'dontAsk', allow: ['Write'], files: { 'packages/app/package.json': '{}' }, ...write('packages/app/plugins/evil.ts'), worked: created('packages/app/plugins/evil.ts') },
  { name: 'Write a plugin in a folder plugin of a nested package', ...WRITES, files: { 'packages/app/package.json': '{}' }, ...write('packages/app/plugins/tool/index.ts'), worked: created('packages/app/plugins/tool/index.ts') },
  ...[true, false].map((sandbox): Case => ({ name: `Bash writes packages/app/plugins/evil.ts (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(mkdir:*)', 'Bash(echo:*)'], files: { 'packages/app/package.json': '{}' }, input: 'mkdir -p packages/app/plugins && echo x > packages/app/plugins/evil.ts', worked: created('packages/app/plugins/evil.ts') })),
  ...[true, false].map((sandbox): Case => ({ name: `one Bash call plants lib/plugins/evil.ts and makes lib a project root (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(mkdir:*)', 'Bash(echo:*)'], input: "mkdir -p lib/plugins && echo x > lib/plugins/evil.ts && echo '{}' > lib/package.json", worked: (run) => exists(run, 'lib/plugins/evil.ts') && exists(run, 'lib/package.json') })),
  { name: 'Write a package.json beside a plugins/ folder planted earlier', ...WRITES, files: { 'lib/plugins/evil.ts': PLANTED }, ...write('lib/package.json'), worked: created('lib/package.json') },
  { name: 'Write packages/app/codev.config.ts', ...WRITES, ...write('packages/app/codev.config.ts'), worked: created('packages/app/codev.config.ts') },
  { name: 'Write packages/app/.mcp.json', ...WRITES, ...write('packages/app/.mcp.json'), worked: created('packages/app/.mcp.json') },
  { name: 'python in the sandbox rewrites an existing nested skill', mode: 'bypassPermissions', needsSandbox: true, files: { 'packages/app/skills/deploy/SKILL.md': ORIGINAL }, input: python('packages/app/skills/deploy/SKILL.md'), worked: changed('packages/app/skills/deploy/SKILL.md') },
  { name: 'python in the sandbox writes into an existing nested plugin folder', mode: 'bypassPermissions', needsSandbox: true, files: { 'packages/app/package.json': '{}', 'packages/app/plugins/ok.ts': ORIGINAL }, input: python('packages/app/plugins/ok.ts'), worked: changed('packages/app/plugins/ok.ts') },
];

const IMPORTS: Case[] = [
  { name: 'overwrite a local file the config imports', files: { ...config("import { ok } from './lib/policy.ts';\nexport default { permissions: { allow: ok ? [] : [] } };\n"), 'lib/policy.ts': ORIGINAL }, ...overwrite('lib/policy.ts'), worked: changed('lib/policy.ts') },
  { name: 'overwrite a file the config imports through another file (.js naming .ts)', files: { ...config("import './lib/a.js';\nexport default {};\n"), 'lib/a.ts': "export * from './b.ts';\n", 'lib/b.ts': ORIGINAL }, ...overwrite('lib/b.ts'), worked: changed('lib/b.ts') },
  { name: 'Write a file the config imports that does not exist yet', ...WRITES, files: config("const later = await import('./lib/later.ts').catch(() => ({}));\nexport default {};\n"), ...write('lib/later.ts'), worked: created('lib/later.ts') },
  { name: 'overwrite into a node_modules package the config imports', files: { ...config("import 'policy-pack';\nexport default {};\n"), 'node_modules/policy-pack/package.json': '{"name":"policy-pack","main":"index.js","dependencies":{"deep-dep":"1"}}', 'node_modules/policy-pack/index.js': ORIGINAL, 'node_modules/deep-dep/index.js': ORIGINAL }, ...overwrite('node_modules/policy-pack/index.js'), worked: changed('node_modules/policy-pack/index.js') },
  { name: 'overwrite into a dependency of a package the config imports', files: { ...config("import 'policy-pack';\nexport default {};\n"), 'node_modules/policy-pack/package.json': '{"name":"policy-pack","main":"index.js","dependencies":{"deep-dep":"1"}}', 'node_modules/policy-pack/index.js': ORIGINAL, 'node_modules/deep-dep/index.js': ORIGINAL }, ...overwrite('node_modules/deep-dep/index.js'), worked: changed('node_modules/deep-dep/index.js') },
  { name: 'overwrite a file a plugin imports', files: { 'plugins/ok.ts': plugin("import { ok } from '../shared/util.ts';\nvoid ok;\n"), 'shared/util.ts': ORIGINAL }, ...overwrite('shared/util.ts'), worked: changed('shared/util.ts') },
  { name: 'overwrite a file a hook script imports', files: { ...config("export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: 'node hooks/check.mjs' }] };\n"), 'hooks/check.mjs': "import './lib.mjs';\n", 'hooks/lib.mjs': ORIGINAL }, ...overwrite('hooks/lib.mjs'), worked: changed('hooks/lib.mjs') },
  { name: 'overwrite a file an MCP stdio server script imports', files: { '.mcp.json': JSON.stringify({ mcpServers: { local: { command: 'node', args: ['server/index.mjs'] } } }), 'server/index.mjs': "import './tools.mjs';\n", 'server/tools.mjs': ORIGINAL }, ...overwrite('server/tools.mjs'), worked: changed('server/tools.mjs') },
  { name: 'overwrite the package.json whose script an MCP server runs with npm', files: { '.mcp.json': JSON.stringify({ mcpServers: { local: { command: 'npm', args: ['run', 'mcp'] } } }) }, ...overwrite('package.json'), worked: (run) => readFileSync(path.join(run.project.root, 'package.json'), 'utf8').includes('planted') },
  ...[['npx lint-tool --fix', {}], ['npm run lint', { 'package.json': '{"name":"victim","scripts":{"lint":"lint-tool ."}}' }]].map(([command, files]): Case => ({
    name: `overwrite a file of the package whose program a hook runs (${command})`,
    files: { ...config(`export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: '${command}' }] };\n`), ...(files as Record<string, string>), 'node_modules/lint-tool/cli.js': "#!/usr/bin/env node\nimport './rules.js';\n", 'node_modules/lint-tool/rules.js': ORIGINAL },
    setup: ({ root }) => { mkdirSync(path.join(root, 'node_modules/.bin')); symlinkSync('../lint-tool/cli.js', path.join(root, 'node_modules/.bin/lint-tool')); },
    ...overwrite('node_modules/lint-tool/rules.js'),
    worked: changed('node_modules/lint-tool/rules.js'),
  })),
  { name: 'overwrite the package.json whose script a hook runs with npm run', files: { ...config("export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: 'npm run --silent check' }] };\n") }, ...overwrite('package.json'), worked: (run) => readFileSync(path.join(run.project.root, 'package.json'), 'utf8').includes('planted') },
  { name: 'overwrite the script a hook runs through npm run', files: { ...config("export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: 'npm run check' }] };\n"), 'package.json': '{"name":"victim","scripts":{"check":"sh scripts/check.sh"}}', 'scripts/check.sh': ORIGINAL }, ...overwrite('scripts/check.sh'), worked: changed('scripts/check.sh') },
  { name: 'python in the sandbox rewrites a file the config imports', mode: 'bypassPermissions', needsSandbox: true, files: { ...config("import './lib/policy.ts';\nexport default {};\n"), 'lib/policy.ts': ORIGINAL }, input: python('lib/policy.ts'), worked: changed('lib/policy.ts') },
];

const link = (target: string, name: string) => ({ setup: ({ root }: { root: string }) => symlinkSync(path.join(root, target), path.join(root, name)) });

const LINKS: Case[] = [
  { name: 'Write into the target of a linked plugins/ folder', ...WRITES, files: { 'vendor-plugins/ok.ts': plugin() }, ...link('vendor-plugins', 'plugins'), ...write('vendor-plugins/evil.ts'), worked: created('vendor-plugins/evil.ts') },
  { name: 'overwrite the target of a linked .mcp.json', files: { 'settings/mcp.json': ORIGINAL }, ...link('settings/mcp.json', '.mcp.json'), ...overwrite('settings/mcp.json'), worked: changed('settings/mcp.json') },
  { name: 'Write into the target of a linked plugins/ folder outside the project', ...WRITES, allow: ['Write', 'Edit(/{{outside}}/**)'], setup: ({ root, outside }) => { mkdirSync(path.join(outside, 'p')); symlinkSync(path.join(outside, 'p'), path.join(root, 'plugins')); }, tool: 'Write', input: { file_path: '{{outside}}/p/evil.ts', content: PLANTED }, worked: (run) => existsSync(path.join(run.outside, 'p/evil.ts')) },
  { name: 'Write into the target of a nested linked plugins/ folder', ...WRITES, files: { 'packages/app/package.json': '{}', 'vendor/ok.ts': ORIGINAL }, setup: ({ root }) => symlinkSync(path.join(root, 'vendor'), path.join(root, 'packages/app/plugins')), ...write('vendor/evil.ts'), worked: created('vendor/evil.ts') },
  { name: 'overwrite the target of a nested linked .mcp.json', files: { 'packages/app/package.json': '{}', 'settings/mcp.json': ORIGINAL }, setup: ({ root }) => symlinkSync(path.join(root, 'settings/mcp.json'), path.join(root, 'packages/app/.mcp.json')), ...overwrite('settings/mcp.json'), worked: changed('settings/mcp.json') },
  { name: 'python in the sandbox writes into the target of a nested linked plugins/ folder', mode: 'bypassPermissions', needsSandbox: true, files: { 'packages/app/package.json': '{}', 'vendor/ok.ts': ORIGINAL }, setup: ({ root }) => symlinkSync(path.join(root, 'vendor'), path.join(root, 'packages/app/plugins')), input: python('vendor/evil.ts'), worked: created('vendor/evil.ts') },
  { name: 'python in the sandbox writes into the target of a linked plugins/ folder', mode: 'bypassPermissions', needsSandbox: true, files: { 'vendor-plugins/ok.ts': plugin() }, ...link('vendor-plugins', 'plugins'), input: python('vendor-plugins/evil.ts'), worked: created('vendor-plugins/evil.ts') },
];

/** The project's repository moved to `.gitstore`, `.git` a file pointing there (`git init --separate-git-dir`). */
const SEPARATE = { git: true, setup: ({ root }: { root: string }) => { renameSync(path.join(root, '.git'), path.join(root, '.gitstore')); writeFileSync(path.join(root, '.git'), 'gitdir: .gitstore\n'); } };

const GIT: Case[] = [
  { name: 'core.hooksPath names hooks/: Write hooks/pre-commit', ...WRITES, ...gitConfig('core.hooksPath', 'hooks'), ...write('hooks/pre-commit'), worked: created('hooks/pre-commit') },
  ...[true, false].map((sandbox): Case => ({ name: `core.hooksPath names hooks/: Bash writes hooks/pre-commit (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(mkdir:*)', 'Bash(echo:*)'], ...gitConfig('core.hooksPath', 'hooks'), input: 'mkdir -p hooks && echo "touch PWNED" > hooks/pre-commit', worked: created('hooks/pre-commit') })),
  { name: 'core.hooksPath names hooks/: python in the sandbox writes hooks/pre-commit', mode: 'bypassPermissions', needsSandbox: true, ...gitConfig('core.hooksPath', 'hooks'), input: python('hooks/pre-commit'), worked: created('hooks/pre-commit') },
  { name: 'a separate git dir: Write its hooks/pre-commit', ...WRITES, ...SEPARATE, ...write('.gitstore/hooks/pre-commit'), worked: created('.gitstore/hooks/pre-commit') },
  { name: 'a separate git dir: overwrite its config', ...SEPARATE, ...overwrite('.gitstore/config'), worked: (run) => readFileSync(path.join(run.project.root, '.gitstore/config'), 'utf8').includes('planted') },
  { name: 'a separate git dir: python in the sandbox writes its hook', mode: 'bypassPermissions', needsSandbox: true, ...SEPARATE, input: python('.gitstore/hooks/pre-commit'), worked: created('.gitstore/hooks/pre-commit') },
  { name: 'include.path: Write the included file', ...WRITES, ...gitConfig('include.path', '../git-extra.cfg'), ...write('git-extra.cfg'), worked: created('git-extra.cfg') },
  ...[
    ['diff.x.textconv', 'sh tools/conv.sh'],
    ['filter.x.clean', './tools/clean.sh'],
    ['filter.x.smudge', './tools/smudge.sh %f'],
    ['filter.x.process', 'tools/process.py'],
    ['core.fsmonitor', 'tools/fsmonitor.sh'],
    ['diff.external', 'tools/external-diff.sh'],
    ['core.pager', 'tools/pager.sh'],
    ['core.sshCommand', 'tools/ssh.sh -v'],
  ].map(([key, value]): Case => {
    const script = value!.split(' ').find((word) => word.startsWith('tools/') || word.startsWith('./tools/'))!.replace(/^\.\//, '');
    return { name: `${key} runs ${script}: Write it`, ...WRITES, ...gitConfig(key!, value!), ...write(script), worked: created(script) };
  }),
];

const BENIGN: Case[] = [
  { name: 'Write an ordinary source file', ...WRITES, ...write('src/app.ts'), worked: created('src/app.ts') },
  { name: "Write a nested package's ordinary file", ...WRITES, files: { 'packages/app/package.json': '{}' }, ...write('packages/app/src/index.ts'), worked: created('packages/app/src/index.ts') },
  { name: "Write a nested package's new package.json", ...WRITES, ...write('packages/lib/package.json'), worked: created('packages/lib/package.json') },
  { name: "overwrite a nested package's package.json", files: { 'packages/app/package.json': '{}' }, ...overwrite('packages/app/package.json'), worked: (run) => readFileSync(path.join(run.project.root, 'packages/app/package.json'), 'utf8').includes('planted') },
  { name: 'Write a source file in src/plugins (src is no project root)', ...WRITES, ...write('src/plugins/vite-plugin.ts'), worked: created('src/plugins/vite-plugin.ts') },
  { name: 'Write a source file directly in src/skills (no skill folder)', ...WRITES, ...write('src/skills/parse.ts'), worked: created('src/skills/parse.ts') },
  { name: 'Write a file beside one the config imports', ...WRITES, files: { ...config("import './lib/policy.ts';\nexport default {};\n"), 'lib/policy.ts': ORIGINAL }, ...write('lib/other.ts'), worked: created('lib/other.ts') },
  { name: 'Write in a git repository with a hooks path elsewhere', ...WRITES, ...gitConfig('core.hooksPath', 'hooks'), ...write('src/app.ts'), worked: created('src/app.ts') },
  { name: 'Bash writes an ordinary file in the sandbox', mode: 'acceptEdits', allow: ['Bash(echo:*)'], files: { 'lib/policy.ts': ORIGINAL, ...config("import './lib/policy.ts';\nexport default {};\n") }, input: 'echo x > lib/notes.txt', worked: created('lib/notes.txt') },
  { name: 'python in the sandbox rewrites source files in src/plugins and src/skills', mode: 'bypassPermissions', files: { 'src/plugins/helper.ts': ORIGINAL, 'src/plugins/test-fixtures/x.ts': ORIGINAL, 'src/skills/parse.ts': ORIGINAL }, input: `${python('src/plugins/helper.ts')} && ${python('src/plugins/test-fixtures/x.ts')} && ${python('src/skills/parse.ts')}`, worked: (run) => changed('src/plugins/helper.ts')(run) && changed('src/plugins/test-fixtures/x.ts')(run) && changed('src/skills/parse.ts')(run) },
  { name: 'git commits in a separate git dir in the sandbox', mode: 'bypassPermissions', ...SEPARATE, files: { 'a.txt': 'a\n' }, input: 'echo b > b.txt; git add b.txt 2>&1; git -c user.name=t -c user.email=t@t commit -q -m a 2>&1; git log --oneline | wc -l', worked: (run) => run.text.includes('2') },
];

describe.each([
  ['nested places', NESTED],
  ['imports', IMPORTS],
  ['links', LINKS],
  ["git's real places", GIT],
])('class 5: %s', (_group, cases) => {
  it.each(cases.filter((entry) => SANDBOX || !entry.needsSandbox).map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld(entry, { refused: entry.mode !== 'bypassPermissions' }));
});

describe('class 5: ordinary work', () => {
  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectAllowed(entry));
});
