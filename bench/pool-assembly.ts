import { assembleToolPool, createPermissionContext } from '../src/index.ts';
import { formatMicros, formatRatio } from './harness/format-report.ts';
import { timeEachSync } from './harness/measure-case.ts';
import type { Benchmark, BenchCase, CaseRunner } from './harness/types.ts';
import { prefixFilterPool, sortAndDedupe } from './pool/baseline-pools.ts';
import { builtinLikeTools, mcpTools } from './pool/mcp-tools.ts';

/** MCP-style tools in the pool. */
export const TOOL_COUNT = 5_000;

/** The blanket deny rules (they remove tools); the scoped ones only block calls and must keep their tools. */
const BLANKET_DENY = ['mcp__server3', 'mcp__server7__*', 'mcp__server11__tool11', 'mcp__server12__tool1*', 'WebFetch'];
const SCOPED_DENY = ['Bash(rm -rf *)', 'Read(/.env)', 'mcp__server5__tool5(secret:*)'];

const ASSEMBLIES_PER_ROUND = { full: 100, quick: 20 } as const;

/** A case that builds the tools once, then times `assemble` over and over. */
function poolCase(options: { id: string; label: string; assemble: (input: PoolInput) => unknown[] }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup({ quick }): Promise<CaseRunner> {
      const input: PoolInput = {
        builtins: builtinLikeTools(),
        tools: mcpTools(TOOL_COUNT),
        permissionContext: createPermissionContext({ deny: { policy: BLANKET_DENY, project: SCOPED_DENY } }),
      };
      const size = options.assemble(input).length;
      const count = quick ? ASSEMBLIES_PER_ROUND.quick : ASSEMBLIES_PER_ROUND.full;
      return {
        ops: count,
        round: async () => timeEachSync(count, () => options.assemble(input)),
        notes: [`${(input.builtins.length + TOOL_COUNT).toLocaleString('en-US')} tools in, ${size.toLocaleString('en-US')} in the pool`],
      };
    },
  };
}

interface PoolInput {
  builtins: ReturnType<typeof builtinLikeTools>;
  tools: ReturnType<typeof mcpTools>;
  permissionContext: ReturnType<typeof createPermissionContext>;
}

/**
 * `assembleToolPool` with 5 built-ins and 5,000 MCP-style tools under a deny context with a few blanket
 * MCP rules, against a plain sort + dedupe and a hand-written prefix filter + sort + dedupe.
 */
export const benchmark: Benchmark = {
  id: 'pool-assembly',
  title: `Pool assembly: ${TOOL_COUNT.toLocaleString('en-US')} MCP-style tools, per assembly`,
  reference: 'codev',
  methods: [
    `Tools are built once (buildTool + inputJSONSchema, \`mcp__server<i%20>__tool<i>\`); each op assembles the whole pool; ${ASSEMBLIES_PER_ROUND.full} assemblies per round (${ASSEMBLIES_PER_ROUND.quick} with --quick).`,
    `Deny rules: ${BLANKET_DENY.map((rule) => `\`${rule}\``).join(', ')} (blanket: they remove tools) and ${SCOPED_DENY.length} scoped ones (they keep their tools).`,
    'The permission context is the same object every time, as in a session: codev parses its rules and indexes the blanket deny rules (exact names, prefixes, globs) once per context (WeakMap caches).',
  ],
  cases: [
    poolCase({ id: 'codev', label: 'codev assembleToolPool', assemble: (input) => assembleToolPool(input.permissionContext, input.tools, { baseTools: input.builtins, env: {} }) }),
    poolCase({ id: 'sort-dedupe', label: 'baseline: sort + dedupe (no deny filter)', assemble: (input) => sortAndDedupe(input.builtins, input.tools) }),
    poolCase({ id: 'prefix-filter', label: 'baseline: prefix deny filter + sort + dedupe', assemble: (input) => prefixFilterPool(input.builtins, input.tools, BLANKET_DENY) }),
  ],
  summarize(results) {
    const codev = results.find((result) => result.id === 'codev');
    const filter = results.find((result) => result.id === 'prefix-filter');
    if (!codev) return [];
    const lines = [`codev: ${formatMicros(codev.usPerOp / 1000)} ms per assembly, ${formatMicros(codev.usPerOp / TOOL_COUNT)} µs per tool.`];
    if (!filter) return lines;
    lines.push(`codev costs ${formatRatio(codev.usPerOp / filter.usPerOp)} the hand-written filter doing the same deny filtering.`);
    if (codev.notes[0] !== filter.notes[0]) lines.push('WARNING: codev and the hand-written filter kept different pools (see the notes).');
    return lines;
  },
};
