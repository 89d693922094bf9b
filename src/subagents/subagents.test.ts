import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PERMISSION_MODES } from '../permissions/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { discoverAgentTypes } from '../agent-types/discover-agent-types.ts';
import { isModeWithin, narrowPermissionMode } from './narrow-permission-mode.ts';
import { parseAgentFile } from '../agent-types/parse-agent-file.ts';
import { resolveModel } from './resolve-model.ts';
import { resolveSubagentTools } from './resolve-subagent-tools.ts';

const tool = (name: string) => buildTool({ name, description: name, inputSchema: z.object({}), call: () => ({ data: '' }) });

describe('parseAgentFile', () => {
  it('reads the frontmatter fields and takes the body as the prompt', () => {
    const parsed = parseAgentFile({ file: '/p/agents/reviewer.md', source: 'project', text: '---\ndescription: Reviews diffs\ntools: [Read, Grep]\ndisallowedTools: Bash\nmodel: haiku\npermissionMode: plan\nmaxTurns: 7\n---\n\nReview carefully.\n' });
    expect(parsed).toEqual({ definition: expect.objectContaining({ name: 'reviewer', description: 'Reviews diffs', tools: ['Read', 'Grep'], disallowedTools: ['Bash'], model: 'haiku', permissionMode: 'plan', maxTurns: 7, prompt: 'Review carefully.' }) });
  });

  it.each([
    ['no frontmatter', 'Just text', 'description'],
    ['a missing description', '---\ntools: Read\n---\nBody', 'description'],
    ['an unknown field', '---\ndescription: d\ncolor: red\n---\nBody', 'color'],
    ['a bad mode', '---\ndescription: d\npermissionMode: yolo\n---\nBody', 'permissionMode'],
    ['an empty body', '---\ndescription: d\n---\n', 'prompt'],
    ['a bad name', '---\nname: has space\ndescription: d\n---\nBody', 'name'],
  ])('rejects %s as AGENT_INVALID naming the field', (_label, text, field) => {
    const parsed = parseAgentFile({ file: '/p/agents/x.md', source: 'project', text });
    expect('error' in parsed && { code: parsed.error.code, field: parsed.error.field }).toEqual({ code: 'AGENT_INVALID', field });
  });
});

describe('discoverAgentTypes', () => {
  it('ranks code and config over .codev/agents over agents/ over ~/.codev/agents over the built-ins', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'codev-agents-'));
    const home = path.join(root, 'home');
    const write = (directory: string, name: string, description: string) => {
      mkdirSync(directory, { recursive: true });
      writeFileSync(path.join(directory, `${name}.md`), `---\ndescription: ${description}\n---\nPrompt of ${description}\n`);
    };
    write(path.join(root, '.codev', 'agents'), 'shared', 'from .codev');
    write(path.join(root, 'agents'), 'shared', 'from agents');
    write(path.join(root, 'agents'), 'Explore', 'project explore');
    write(path.join(home, '.codev', 'agents'), 'mine', 'from home');
    const { definitions, errors } = await discoverAgentTypes({ projectRoot: root, homeDirectory: home, definitions: [{ name: 'coded', description: 'from code', prompt: 'p', source: 'sdk' }] });
    expect(errors).toEqual([]);
    const byName = Object.fromEntries(definitions.map((definition) => [definition.name, definition.description]));
    expect(byName).toMatchObject({ coded: 'from code', shared: 'from .codev', Explore: 'project explore', mine: 'from home', Plan: expect.stringContaining('planning') });
    expect(definitions.filter((definition) => definition.name === 'shared')).toHaveLength(1);
  });
});

describe('narrowPermissionMode', () => {
  it('never gives a subagent a mode that allows more than its parent', () => {
    for (const parent of PERMISSION_MODES) {
      for (const requested of PERMISSION_MODES) {
        const { mode } = narrowPermissionMode({ parent, requested });
        expect(isModeWithin(mode, parent)).toBe(true);
      }
    }
    expect(narrowPermissionMode({ parent: 'default', requested: 'bypassPermissions' })).toMatchObject({ mode: 'default', note: expect.any(String) });
    expect(narrowPermissionMode({ parent: 'acceptEdits', requested: 'plan' })).toEqual({ mode: 'plan' });
    expect(narrowPermissionMode({ parent: 'plan', requested: 'acceptEdits' }).mode).toBe('plan');
    expect(narrowPermissionMode({ parent: 'bypassPermissions', requested: 'auto' })).toEqual({ mode: 'auto' });
  });
});

describe('resolveSubagentTools', () => {
  const pool = ['Agent', 'Bash', 'Read', 'mcp__github__issues', 'mcp__github__pulls', 'mcp__slack__post'].map(tool);

  it('applies disallowedTools, then tools (with MCP server prefixes), and drops Agent at the depth limit', () => {
    const names = (options: Partial<Parameters<typeof resolveSubagentTools>[0]>) => resolveSubagentTools({ parentTools: pool, agentType: 't', canNest: true, ...options }).map((candidate) => candidate.name);
    expect(names({ disallowedTools: ['Bash', 'mcp__slack'] })).toEqual(['Agent', 'Read', 'mcp__github__issues', 'mcp__github__pulls']);
    expect(names({ tools: ['Read', 'mcp__github__*'] })).toEqual(['Read', 'mcp__github__issues', 'mcp__github__pulls']);
    expect(names({ tools: ['Read', 'Bash'], disallowedTools: ['Bash'] })).toEqual(['Read']);
    expect(names({ canNest: false })).not.toContain('Agent');
    expect(() => names({ tools: ['Nothing'] })).toThrow(expect.objectContaining({ code: 'AGENT_INVALID' }));
  });
});

describe('resolveModel', () => {
  it('takes the call, then the type, then the parent, resolving aliases through the environment first', () => {
    expect(resolveModel({ parentModel: 'parent-model', env: {} })).toBe('parent-model');
    expect(resolveModel({ requested: 'inherit', typeModel: 'haiku', parentModel: 'p', env: {} })).toBe('claude-haiku-4-5');
    expect(resolveModel({ requested: 'opus', typeModel: 'haiku', parentModel: 'p', env: { CODEV_MODEL_OPUS: 'my-opus' } })).toBe('my-opus');
    expect(resolveModel({ typeModel: 'claude-custom-1', parentModel: 'p', env: {} })).toBe('claude-custom-1');
  });
});
