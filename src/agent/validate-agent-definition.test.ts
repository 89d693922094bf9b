import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { buildTool } from '../tool/build-tool.ts';
import { defineAgent, type AgentDefinition } from './define-agent.ts';
import { validateAgentDefinition } from './validate-agent-definition.ts';

function invalid(run: () => unknown): CodevError {
  try {
    run();
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected AGENT_INVALID');
}

const check = (value: unknown) => invalid(() => validateAgentDefinition({ value, file: '/project/agent.ts' }));

describe('validateAgentDefinition', () => {
  it('accepts every agent option a script may set, keeping tools and functions as given', () => {
    const tool = buildTool({ name: 'Noop', description: 'Does nothing', inputSchema: z.object({}), call: () => ({ data: 'ok' }) });
    const canUseTool: AgentDefinition['canUseTool'] = () => ({ behavior: 'allow' }) as never;
    const definition = validateAgentDefinition({
      value: {
        prompt: 'hi',
        tools: [tool],
        model: 'claude-sonnet-4-5',
        system: 'Be brief.',
        maxTurns: 3,
        maxTokens: 4000,
        thinking: { type: 'enabled', budgetTokens: 2000 },
        effort: 'high',
        fallbackModel: ['claude-haiku-4-5'],
        canUseTool,
        apiKey: 'key',
        baseURL: 'http://127.0.0.1:9',
        maxRetries: 0,
        maxRetryWaitMs: 1000,
        retryBaseDelayMs: 100,
        streamIdleTimeoutMs: 0,
        maxToolConcurrency: 4,
        env: { A: '1' },
        agents: { reviewer: { description: 'Reviews', prompt: 'Review.', tools: 'Read, Grep' } },
        subagentLimits: { maxDepth: 1 },
        waitForBackgroundAgents: true,
        takeQueuedMessages: () => [],
      },
    });
    expect(definition.tools?.[0]).toBe(tool);
    expect(definition.canUseTool).toBe(canUseTool);
    expect(definition.agents?.reviewer?.tools).toEqual(['Read', 'Grep']);
    expect(validateAgentDefinition({ value: {} })).toEqual({});
  });

  it('lists every bad field in one AGENT_INVALID, with the file and a did-you-mean for unknown keys', () => {
    const error = check({ sytem: 'x', maxTurns: 'three' });
    expect(error.code).toBe('AGENT_INVALID');
    expect(error.file).toBe('/project/agent.ts');
    expect(error.hint).toBeTruthy();
    expect(error.message).toContain('maxTurns: expected number; got "three"');
    expect(error.message).toContain('sytem: unknown key; did you mean "system"?');
  });

  it.each([
    ['maxTurns', { maxTurns: 0 }],
    ['maxTurns', { maxTurns: 2.5 }],
    ['maxTokens', { maxTokens: '100' }],
    ['system', { system: ['a'] }],
    ['tools[0]', { tools: [{ name: 'NotATool' }] }],
    ['canUseTool', { canUseTool: 'allow' }],
    ['baseURL', { baseURL: 'not a url' }],
    ['maxRetries', { maxRetries: -1 }],
    ['thinking.budgetTokens', { thinking: { type: 'enabled', budgetTokens: 100 } }],
    ['thinking.type', { thinking: { type: 'always' } }],
    ['effort', { effort: 'extreme' }],
    ['fallbackModel', { fallbackModel: 7 }],
    ['subagentLimits.maxDepht', { subagentLimits: { maxDepht: 2 } }],
    ['agents.reviewer.description', { agents: { reviewer: { prompt: 'Review.' } } }],
    ['subagent', { subagent: { agentId: 'a' } }],
  ])('rejects a bad %s', (field, value) => {
    const error = check(value);
    expect({ code: error.code, field: error.field }).toEqual({ code: 'AGENT_INVALID', field });
  });

  it('rejects a definition that is not an object', () => {
    expect(check('system').code).toBe('AGENT_INVALID');
  });
});

describe('defineAgent', () => {
  it('returns a valid definition', () => {
    expect(defineAgent({ system: 'Be brief.', maxTurns: 5 })).toEqual({ system: 'Be brief.', maxTurns: 5 });
  });

  it('throws AGENT_INVALID at definition time, naming the calling file and line', () => {
    const error = invalid(() => defineAgent({ sytem: 'x', maxTurns: 'three' } as never));
    expect(error.code).toBe('AGENT_INVALID');
    expect(error.file).toBe(fileURLToPath(import.meta.url));
    expect(error.line).toBeGreaterThan(0);
    expect(error.message).toContain('did you mean "system"?');
  });
});
