// The architecture as rules, checked by `npm test` (`npm run check:layers`). See docs/architecture.md.
//
// src/ is a stack of layers. A module may import from its own layer and the layers below it, never from a
// layer above: the kernel knows no built-in tool, the tools know no agent loop, nothing below the CLI knows
// the CLI. Type-only imports count (`tsPreCompilationDeps`): a type that two layers need lives in the lower one.
// No import cycle at all, and no production module may import a test, a fixture or a test helper.

/** Lowest first. Each entry is the folders (under src/) of one layer. */
const LAYERS = [
  // permissions/types.ts is the permission vocabulary (modes, rule sources, decisions; types and constants
  // only), which the tool contract names: it sits with the vocabulary, the rest of permissions/ above.
  { name: 'vocabulary', folders: ['errors', 'progress', 'tool', 'version', 'permissions/types\\.ts$'] },
  { name: 'platform', folders: ['files', 'processes', 'git', 'checkpoints', 'session', 'transcripts', 'results', 'model'] },
  { name: 'policy', folders: ['permissions/(?!types\\.ts$)', 'hooks', 'sandbox'] },
  { name: 'execution', folders: ['execution', 'telemetry', 'registry'] },
  { name: 'sources', folders: ['config', 'plugins', 'mcp', 'skills', 'search', 'agent-types', 'instructions'] },
  { name: 'kernel', folders: ['kernel'] },
  // The built-in tools and their helpers, except the tools that start agents and the pack that lists them all.
  { name: 'tools', folders: ['tools/(?!Agent/|SendMessage/|index\\.ts$|get-all-base-tools\\.ts$)', 'tasks', 'repl', 'worktrees'] },
  // The agent loop, subagents, the tools that start them (Agent, SendMessage) and the built-in tool pack.
  { name: 'agents', folders: ['agent', 'subagents', 'tools/(Agent|SendMessage)/', 'tools/(index|get-all-base-tools)\\.ts$'] },
  // codev's tools served to other agents over MCP (createMcpServer, serveMcpHttp): the kernel's pool, no agent loop.
  { name: 'serving', folders: ['mcp-server'] },
  // Many agent sessions on many machines (codev/fleet): jobs on BullMQ and Redis, run by the agent loop.
  { name: 'fleet', folders: ['fleet'] },
  // `codev ui`: a local web page over the sessions, the fleet and the tool pool. src/ui/page/ is the page itself,
  // browser code bundled at build time, which may import only itself and the API's types (src/ui/types.ts).
  { name: 'ui', folders: ['ui'] },
  { name: 'surface', folders: ['cli', 'testing', '[^/]+\\.ts$'] },
];

/** Tests, and the fixtures and helpers only tests use: these live in `test-fixtures/` folders beside their tests. */
const TEST_ONLY = '(\\.test\\.ts$|/test-fixtures/)';
/** A folder name, or a pattern under src/ when it already says where it ends (`/` or `$`). */
const folderPattern = (folders) => `^src/(${folders.map((folder) => (/[/$)]$/.test(folder) ? folder : `${folder}/`)).join('|')})`;

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} (${layer.folders.join(', ')}) may import only from itself and the layers below it`,
  severity: 'error',
  from: { path: folderPattern(layer.folders), pathNot: TEST_ONLY },
  to: { path: folderPattern(LAYERS.slice(index + 1).flatMap((higher) => higher.folders)) },
}));

/** What `codev/plugin` (src/plugin.ts) may not reach, even through other modules: the tools, the agent loop, MCP. */
const HEAVY = ['execution', 'telemetry', 'registry', 'mcp', 'skills', 'search', 'kernel', 'tools', 'tasks', 'repl', 'worktrees', 'agent', 'subagents', 'cli', 'testing', 'sandbox', 'processes', 'files', 'git', 'model', 'index\\.ts$'];

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'no import cycle, type-only imports included', severity: 'error', from: { pathNot: '^src/index\\.ts$' }, to: { circular: true } },
    // The one exception: the public entry imports itself, to hand its own namespace to the plugin importer
    // (src/plugins/host-module.ts), so that the plugin layer never imports the entry.
    { name: 'no-circular', comment: 'no import cycle, type-only imports included', severity: 'error', from: { path: '^src/index\\.ts$' }, to: { circular: true, pathNot: '^src/index\\.ts$' } },
    { name: 'no-test-code-in-production', comment: 'production modules never import tests, fixtures or test helpers', severity: 'error', from: { path: '^src/', pathNot: TEST_ONLY }, to: { path: TEST_ONLY } },
    ...layerRules,
    // A plugin that imports `buildTool` from `codev/plugin` loads the kernel's vocabulary, not the built-in tools.
    { name: 'plugin-entry-is-vocabulary', comment: 'src/plugin.ts (codev/plugin) reaches only the vocabulary: no tool, agent loop, MCP or kernel', severity: 'error', from: { path: '^src/plugin\\.ts$' }, to: { path: folderPattern(HEAVY), reachable: true } },
    { name: 'page-is-browser-code', comment: 'src/ui/page/ (the browser page) imports only itself and src/ui/types.ts (type-only)', severity: 'error', from: { path: '^src/ui/page/' }, to: { path: '^src/', pathNot: '^src/ui/(page/|types\\.ts$)' } },
    { name: 'nothing-imports-the-page', comment: 'the page is bundled for the browser, never imported by Node code', severity: 'error', from: { path: '^src/', pathNot: '^src/ui/page/' }, to: { path: '^src/ui/page/' } },
    { name: 'every-folder-in-a-layer', comment: 'a new folder under src/ must be placed in a layer here', severity: 'error', from: { path: '^src/', pathNot: folderPattern(LAYERS.flatMap((layer) => layer.folders)) }, to: {} },
  ],
  options: {
    // dependency-cruiser's own TypeScript support needs TypeScript below 7; swc parses the sources instead.
    parser: 'swc',
    tsPreCompilationDeps: true,
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.cjs', '.js'] },
  },
};
