import { definePermissionRule } from 'codev/plugin';

/** A rule plugin: rule strings, plus a function for what strings cannot say. */
export default definePermissionRule({
  name: 'safety',
  deny: ['Bash(git push --force *)', 'Bash(git push -f *)', 'Read(./.env)'],
  ask: ['Bash(npm publish *)'],
  check: (tool, input) => (tool.name === 'Echo' && String(input.message).length > 10_000 ? 'deny' : undefined),
});
