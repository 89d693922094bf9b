import { defineConfig } from 'codev';

export default defineConfig({
  pluginDirs: ['plugins'],
  permissions: {
    mode: 'default',
    allow: ['Echo'],
    deny: [],
    ask: [],
  },
});
