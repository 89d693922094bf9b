import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { codevModule } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { exists, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

// Plugins may now be CommonJS (.cjs, .cts): every place codev loads them from, and every file they require,
// must be as protected as a .ts plugin's, whatever the extension. Each attack runs `codev tool` end to end with
// the tool allowed and writes approved (acceptEdits), so only the protection can stop it.
const ORIGINAL = 'module.exports.ok = true;\n';
const PLANTED = "require('node:fs').writeFileSync('PWNED', '');\n";
const WRITES = { mode: 'acceptEdits', allow: ['Write', 'Edit'] };
const write = (file: string) => ({ tool: 'Write', input: { file_path: `{{project}}/${file}`, content: PLANTED } });
const overwrite = (file: string) => ({ mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: `echo planted > ${file}` });
const created = (file: string) => (run: AttackRun) => exists(run, file);
const changed = (file: string) => (run: AttackRun) => exists(run, file) && readFileSync(path.join(run.project.root, file), 'utf8') !== ORIGINAL;
const python = (file: string) => `python3 -c "import os; os.makedirs(os.path.dirname('${file}') or '.', exist_ok=True); open('${file}', 'w').write('planted')"`;
/** A CommonJS plugin that loads (one that fails makes every call ask, which would hide the protection). */
const plugin = (requires = '') => `const { definePlugin } = require('${codevModule('plugins/define-plugin.ts')}');\n${requires}module.exports = definePlugin({ name: 'ok' });\n`;
const ROOT = { 'package.json': '{"name":"fixture"}' };

const cases: Array<JudgedAttack & { needsSandbox?: boolean }> = [
  { name: 'Write plugins/evil.cjs', ...WRITES, files: ROOT, ...write('plugins/evil.cjs'), worked: created('plugins/evil.cjs') },
  { name: 'Write plugins/tool/index.cts', ...WRITES, files: ROOT, ...write('plugins/tool/index.cts'), worked: created('plugins/tool/index.cts') },
  { name: "Write a skill folder's plugin.cjs", ...WRITES, files: ROOT, ...write('skills/deploy/plugin.cjs'), worked: created('skills/deploy/plugin.cjs') },
  ...[true, false].map((sandbox) => ({ name: `Bash writes plugins/evil.cjs (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(mkdir:*)', 'Bash(echo:*)'], files: ROOT, input: 'mkdir -p plugins && echo x > plugins/evil.cjs', worked: created('plugins/evil.cjs') })),
  { name: 'python in the sandbox writes plugins/evil.cts beside a CommonJS plugin', mode: 'bypassPermissions', needsSandbox: true, files: { ...ROOT, 'plugins/ok.cjs': plugin() }, input: python('plugins/evil.cts'), worked: created('plugins/evil.cts') },
  { name: 'overwrite a .cjs file a CommonJS plugin requires', files: { ...ROOT, 'plugins/ok.cjs': plugin("require('../shared/util.cjs');\n"), 'shared/util.cjs': ORIGINAL }, ...overwrite('shared/util.cjs'), worked: changed('shared/util.cjs') },
  { name: 'overwrite the .cts a .cts plugin requires as .cjs', files: { ...ROOT, 'plugins/ok.cts': plugin("require('../shared/util.cjs');\n"), 'shared/util.cts': ORIGINAL }, ...overwrite('shared/util.cts'), worked: changed('shared/util.cts') },
];

for (const entry of cases.filter((attack) => isSandboxAvailable() || !attack.needsSandbox)) {
  it(entry.name, () => expectHeld(entry, { refused: entry.mode !== 'bypassPermissions' }));
}
