import { it } from 'vitest';
import { codevModule } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { exists, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

// A plugin the config lists by a folder (`./vendor/tool`) or a path without extension loads the first file
// found in PLUGIN_EXTENSIONS order (.ts, .mts, .cts, .js, .mjs, .cjs): a new file that comes earlier in that
// order replaces the plugin at the next start (or hot reload), so writing one plants code as surely as
// rewriting the plugin. With CommonJS plugins last in the order, every other extension shadows them.
const PLANTED = "require('node:fs').writeFileSync('PWNED', '');\n";
const WRITES = { mode: 'acceptEdits', allow: ['Write', 'Edit'] };
const write = (file: string) => ({ tool: 'Write', input: { file_path: `{{project}}/${file}`, content: PLANTED } });
const created = (file: string) => (run: AttackRun) => exists(run, file);
const plugin = `const { definePlugin } = require('${codevModule('plugins/define-plugin.ts')}');\nmodule.exports = definePlugin({ name: 'vendored' });\n`;
const config = (entry: string) => ({ 'codev.config.ts': `export default { plugins: ['${entry}'] };\n` });

const cases: JudgedAttack[] = [
  { name: 'Write vendor/tool/index.ts beside the index.cjs of a folder plugin the config lists', ...WRITES, files: { ...config('./vendor/tool'), 'vendor/tool/index.cjs': plugin }, ...write('vendor/tool/index.ts'), worked: created('vendor/tool/index.ts') },
  { name: 'Write vendor/tool/index.mjs beside the index.cjs of a folder plugin the config lists', ...WRITES, files: { ...config('./vendor/tool'), 'vendor/tool/index.cjs': plugin }, ...write('vendor/tool/index.mjs'), worked: created('vendor/tool/index.mjs') },
  { name: 'Write vendor/tool.ts beside the vendor/tool.cjs the config lists without extension', ...WRITES, files: { ...config('./vendor/tool'), 'vendor/tool.cjs': plugin }, ...write('vendor/tool.ts'), worked: created('vendor/tool.ts') },
  { name: 'Write vendor/tool/index.ts, a folder that would load instead of the vendor/tool.cjs listed without extension', ...WRITES, files: { ...config('./vendor/tool'), 'vendor/tool.cjs': plugin }, ...write('vendor/tool/index.ts'), worked: created('vendor/tool/index.ts') },
  ...[true, false].map((sandbox) => ({ name: `Bash writes vendor/tool/index.ts beside a listed index.cjs (sandbox ${sandbox ? 'on' : 'off'})`, mode: 'acceptEdits', sandbox, allow: ['Bash(echo:*)'], files: { ...config('./vendor/tool'), 'vendor/tool/index.cjs': plugin }, input: 'echo x > vendor/tool/index.ts', worked: created('vendor/tool/index.ts') })),
];

for (const entry of cases) it(entry.name, () => expectHeld(entry, { refused: true }));
