import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPermissionContext } from '../permissions/create-permission-context.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { assembleToolPool, getMergedTools } from './assemble-tool-pool.ts';
import { filterToolsByDenyRules } from './filter-tools-by-deny-rules.ts';
import { getTools } from './get-tools.ts';

const make = (name: string, options: { enabled?: boolean; source?: Tool['source'] } = {}) =>
  buildTool({ name, description: name, inputSchema: z.object({}), isEnabled: () => options.enabled ?? true, source: options.source, call: () => ({ data: name }) });
const base = ['Write', 'Bash', 'Read', 'Edit', 'Grep', 'REPL', 'Glob'].map((name) => make(name, { source: { type: 'builtin' } }));
const names = (tools: readonly Tool[]) => tools.map((tool) => tool.name);
const none = createPermissionContext();

describe('registry', () => {
  it('simple mode keeps only Bash, Read and Edit, still deny-filtered', () => {
    expect(names(getTools(none, { baseTools: base, env: { CODEV_SIMPLE: '1' } }))).toEqual(['Bash', 'Read', 'Edit']);
    const denyBash = createPermissionContext({ deny: { user: ['Bash'] } });
    expect(names(getTools(denyBash, { baseTools: base, env: { CODEV_SIMPLE: 'true' } }))).toEqual(['Read', 'Edit']);
  });

  it('only blanket denies remove tools', () => {
    const context = createPermissionContext({ deny: { project: ['Write', 'Bash(rm *)', 'Grep(*)', 'mcp__github'] } });
    const tools = [...base, make('mcp__github__issues'), make('mcp__gitlab__issues')];
    expect(names(filterToolsByDenyRules(tools, context))).toEqual(['Bash', 'Read', 'Edit', 'REPL', 'Glob', 'mcp__gitlab__issues']);
    const everything = createPermissionContext({ deny: { policy: ['mcp__*'] } });
    expect(names(filterToolsByDenyRules(tools, everything))).toEqual(names(base));
  });

  it('REPL mode hides the primitives it wraps, the REPL is opt-in, disabled tools are dropped', () => {
    expect(names(getTools(none, { baseTools: base, env: { CODEV_REPL: '1' } }))).toEqual(['Write', 'Edit', 'REPL']);
    expect(names(getTools(none, { baseTools: base.filter((tool) => tool.name !== 'REPL'), env: { CODEV_REPL: '1' } }))).toContain('Bash');
    const broken = buildTool({ name: 'Broken', description: 'd', inputSchema: z.object({}), isEnabled: () => { throw new Error('x'); }, call: () => ({ data: 1 }) });
    expect(names(getTools(none, { baseTools: [...base, make('Off', { enabled: false }), broken], env: {} }))).toEqual(names(base).filter((name) => name !== 'REPL'));
    expect(names(getTools(none, { baseTools: base, env: {} }))).not.toContain('REPL');
  });

  it('assembles built-ins sorted, then the rest sorted, built-ins winning name collisions', () => {
    const pluginRead = make('Read', { source: { type: 'plugin', file: '/p/read.ts', plugin: 'p' } });
    const extra = [make('zeta'), make('Alpha'), pluginRead, make('mcp__a__b'), make('Hidden', { enabled: false })];
    const pool = assembleToolPool(none, extra, { baseTools: base, env: {} });
    expect(names(pool)).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'Write', 'Alpha', 'mcp__a__b', 'zeta']);
    expect(pool.find((tool) => tool.name === 'Read')!.source.type).toBe('builtin');
    expect(names(assembleToolPool(none, [...extra].reverse(), { baseTools: [...base].reverse(), env: {} }))).toEqual(names(pool));
    expect(getMergedTools(none, extra, { baseTools: base, env: {} })).toHaveLength(base.length - 1 + extra.length); // all but the opt-in REPL
  });
});
