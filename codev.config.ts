import { defineConfig } from 'codev/plugin';

export default defineConfig({
  pluginDirs: ['plugins'],
  permissions: {
    mode: 'default',
    allow: ['Echo'],
    deny: [],
    ask: [],
  },
});
