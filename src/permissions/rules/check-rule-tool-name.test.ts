import { describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../../tools/get-all-base-tools.ts';
import { checkRuleToolName } from './check-rule-tool-name.ts';
import { BUILTIN_TOOL_NAMES, caseInsensitiveToolName } from './known-tool-names.ts';

const check = (toolName: string, complete = false, knownNames: readonly string[] = BUILTIN_TOOL_NAMES) => checkRuleToolName({ toolName, knownNames, complete });

describe('checkRuleToolName', () => {
  it('the built-in names are the tool pack’s', () => {
    expect([...BUILTIN_TOOL_NAMES].sort()).toEqual(getAllBaseTools().map((tool) => tool.name).sort());
  });

  it('accepts known names, legacy names, globs and mcp__ names', () => {
    for (const name of ['Bash', 'Read', 'Task', 'KillShell', '*', 'mcp__*', 'mcp__github', 'mcp__github__create_issue', 'B*']) expect(check(name, true), name).toBeUndefined();
  });

  it('a known name in another case is an error, complete or not, naming the tool meant', () => {
    expect(check('bash')).toMatchObject({ severity: 'error', suggestion: 'Bash' });
    expect(check('WEBFETCH')).toMatchObject({ severity: 'error', suggestion: 'WebFetch' });
    expect(check('task')).toMatchObject({ severity: 'error', suggestion: 'Task' });
    expect(check('MCP__github')).toMatchObject({ severity: 'error', suggestion: 'mcp__github' });
    expect(check('deploy', true, [...BUILTIN_TOOL_NAMES, 'Deploy'])).toMatchObject({ severity: 'error', suggestion: 'Deploy' });
  });

  it('a near miss is a warning while plugins may still add the name, an error once every tool is known', () => {
    expect(check('Bassh')).toMatchObject({ severity: 'warning', suggestion: 'Bash' });
    expect(check('Bassh', true)).toMatchObject({ severity: 'error', suggestion: 'Bash' });
    expect(check('Bassh', true, [...BUILTIN_TOOL_NAMES, 'Bassh'])).toBeUndefined();
  });

  it('a name near nothing stays a warning, even once every tool is known', () => {
    expect(check('MyFutureTool', true)).toMatchObject({ severity: 'warning' });
    expect(check('NotebookEdit', true)?.severity).toBe('warning');
  });
});

describe('checkRuleToolName for MCP names once the servers are connected', () => {
  const known = [...BUILTIN_TOOL_NAMES, 'mcp__github__get_issue', 'mcp__github__create_issue'];
  it('a server or tool in another case, or a near miss of one, is an error naming it', () => {
    expect(check('mcp__GitHub', true, known)).toMatchObject({ severity: 'error', suggestion: 'mcp__github' });
    expect(check('mcp__github__Get_Issue', true, known)).toMatchObject({ severity: 'error', suggestion: 'mcp__github__get_issue' });
    expect(check('mcp__github_get_issue', true, known)).toMatchObject({ severity: 'error', suggestion: 'mcp__github__get_issue' });
  });
  it('an exact server or tool, a glob, and a server not connected are fine; before the servers connect nothing is checked', () => {
    for (const name of ['mcp__github', 'mcp__github__get_issue', 'mcp__GitHub__*', 'mcp__linear__create_ticket']) expect(check(name, true, known), name).toBeUndefined();
    expect(check('mcp__GitHub', false, known)).toBeUndefined();
  });
});

describe('caseInsensitiveToolName', () => {
  it('gives the built-in a wrong-case name means, and nothing for exact or unknown names', () => {
    expect(caseInsensitiveToolName('bash')).toBe('Bash');
    expect(caseInsensitiveToolName('task')).toBe('Agent');
    expect(caseInsensitiveToolName('Bash')).toBeUndefined();
    expect(caseInsensitiveToolName('Deploy')).toBeUndefined();
  });
});
