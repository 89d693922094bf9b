import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (file: string): string => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  // The repo's tests run codev from its sources: `codev` imports resolve to src/ (the package's exports point at
  // the built dist/), and the CLI they start runs src/ too (see bin/codev.mjs). The built package has its own test.
  resolve: { alias: [{ find: /^codev$/, replacement: source('index.ts') }, { find: /^codev\/plugin$/, replacement: source('plugin.ts') }, { find: /^codev\/testing$/, replacement: source('testing/index.ts') }, { find: /^codev\/fleet$/, replacement: source('fleet/index.ts') }] },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    env: { CODEV_FROM_SOURCE: '1', CODEV_UI_PAGE_DIR: fileURLToPath(new URL('./dist/ui/page/', import.meta.url)) },
    globalSetup: ['test/temp-folder-per-run.ts', 'test/report-missing-sandbox.ts'],
  },
});
