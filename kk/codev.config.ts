import { defineConfig } from 'codev/plugin';

/**
 * The project's config. Every file in plugins/ is loaded (tools, hooks, rules), and these rules decide
 * which calls run without asking. Rules are checked deny → ask → allow; plugins/project-rules.ts adds more.
 */
export default defineConfig({
  pluginDirs: ['plugins'],
  permissions: {
    mode: 'default',
    allow: ['WordCount'],
    deny: ['Read(./.env)', 'Read(./.env.*)'],
    ask: [],
  },
});
