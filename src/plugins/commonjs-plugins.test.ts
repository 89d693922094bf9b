import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.ts';
import { loadPlugins } from './load-plugins.ts';
import { codevModule, createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

// A CommonJS plugin was either never listed (`plugins/x.cjs`, `plugins/x.cts`: skipped without a word) or
// PLUGIN_INVALID (`module.exports = buildTool(...)` in a `.js` of a CommonJS package): the module loads as
// the value itself, not as a namespace with a default export.
it('plugins written as CommonJS (.cjs, .cts, .js in a CommonJS package, a folder index.cjs) load like the others', async () => {
  const tool = (name: string) => `buildTool({ name: '${name}', description: '${name}', inputSchema: z.object({}), call: () => ({ data: '${name}' }) })`;
  const requires = `const { z } = require('zod');\nconst { buildTool } = require('${codevModule('tool/build-tool.ts')}');\n`;
  const project = await createTempProject({
    files: {
      'package.json': '{"name":"fixture"}',
      'plugins/one.cjs': `${requires}module.exports = ${tool('One')};\n`,
      'plugins/two.js': `${requires}module.exports = [${tool('Two')}];\n`,
      'plugins/three.cts': `import { z } from 'zod';\nimport { buildTool } from '${codevModule('tool/build-tool.ts')}';\nexport = ${tool('Three')};\n`,
      'plugins/four/index.cjs': `${requires}module.exports = ${tool('Four')};\n`,
      'plugins/rules.cjs': `const { definePermissionRule } = require('${codevModule('permissions/define-permission-rule.ts')}');\nmodule.exports = definePermissionRule({ deny: ['Bash(rm *)'] });\n`,
      'plugins/types.d.cts': 'export {};\n',
    },
  });
  projects.push(project);
  const config = await loadConfig({ cwd: project.root });
  const loaded = await loadPlugins({ root: project.root, cwd: project.root, config: config.config });
  expect(loaded.errors).toEqual([]);
  expect(loaded.plugins.flatMap((plugin) => plugin.tools.map((entry) => entry.name)).sort()).toEqual(['Four', 'One', 'Three', 'Two']);
  expect(loaded.plugins.flatMap((plugin) => plugin.ruleSets.flatMap((set) => set.deny))).toEqual(['Bash(rm *)']);
});
