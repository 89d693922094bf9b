import { describe, expect, it } from 'vitest';
import { isBlanketRule, isUnanchoredGlob, matchesToolName, validateAllowRule } from './match-tool-name.ts';

const tool = (name: string) => ({ name });

describe('matchesToolName', () => {
  it('matches exact names only', () => {
    expect(matchesToolName('Bash', tool('Bash'))).toBe(true);
    expect(matchesToolName('Bash', tool('BashOutput'))).toBe(false);
    expect(matchesToolName('Read', tool('ReadFile'))).toBe(false);
    expect(matchesToolName('bash', tool('Bash'))).toBe(false);
    expect(matchesToolName('', tool('Bash'))).toBe(false);
  });

  it('normalizes legacy rule names but never the tool name', () => {
    expect(matchesToolName('Task', tool('Agent'))).toBe(true);
    expect(matchesToolName('KillShell', tool('TaskStop'))).toBe(true);
    expect(matchesToolName('Agent', tool('Task'))).toBe(false);
  });

  it('treats mcp__server as the whole server, by segment', () => {
    expect(matchesToolName('mcp__github', tool('mcp__github__create_issue'))).toBe(true);
    expect(matchesToolName('mcp__github', tool('mcp__github'))).toBe(true);
    expect(matchesToolName('mcp__git', tool('mcp__github__create_issue'))).toBe(false);
    expect(matchesToolName('mcp__github', tool('mcp__github_enterprise__x'))).toBe(false);
    expect(matchesToolName('mcp__my_server', tool('mcp__my_server__tool'))).toBe(true);
  });

  it('matches an exact MCP tool name without covering its siblings', () => {
    expect(matchesToolName('mcp__github__get_issue', tool('mcp__github__get_issue'))).toBe(true);
    expect(matchesToolName('mcp__github__get_issue', tool('mcp__github__get_issue_comments'))).toBe(false);
    expect(matchesToolName('mcp__github__get', tool('mcp__github__get__x'))).toBe(false);
  });

  it('matches MCP globs', () => {
    expect(matchesToolName('mcp__github__*', tool('mcp__github__create_issue'))).toBe(true);
    expect(matchesToolName('mcp__github__*', tool('mcp__gitlab__create_issue'))).toBe(false);
    expect(matchesToolName('mcp__github__get_*', tool('mcp__github__get_issue'))).toBe(true);
    expect(matchesToolName('mcp__github__get_*', tool('mcp__github__create_issue'))).toBe(false);
    expect(matchesToolName('mcp__*', tool('mcp__slack__post'))).toBe(true);
    expect(matchesToolName('mcp__*', tool('Bash'))).toBe(false);
  });

  it('matches a bare * and other whole-name globs', () => {
    expect(matchesToolName('*', tool('Bash'))).toBe(true);
    expect(matchesToolName('*', tool('mcp__x__y'))).toBe(true);
    expect(matchesToolName('B*', tool('Bash'))).toBe(true);
    expect(matchesToolName('B*', tool('WebFetch'))).toBe(false);
    expect(matchesToolName('*Edit', tool('NotebookEdit'))).toBe(true);
    expect(matchesToolName('*Edit', tool('EditFile'))).toBe(false);
  });
});

describe('isBlanketRule', () => {
  it('is true only without content', () => {
    expect(isBlanketRule({ toolName: 'Bash' })).toBe(true);
    expect(isBlanketRule({ toolName: 'Bash', ruleContent: 'npm test' })).toBe(false);
    expect(isBlanketRule({ toolName: 'Read', ruleContent: '**' })).toBe(false);
  });

  it('accepts hand-built empty or * content as whole-tool', () => {
    expect(isBlanketRule({ toolName: 'Bash', ruleContent: '' })).toBe(true);
    expect(isBlanketRule({ toolName: 'Bash', ruleContent: ' * ' })).toBe(true);
  });
});

describe('isUnanchoredGlob / validateAllowRule', () => {
  it('flags globs without a literal mcp__<server>__ prefix', () => {
    for (const name of ['*', 'B*', 'mcp__*', 'mcp__git*', 'mcp____*', 'mcp*', '*__github__x', 'xmcp__a__*']) {
      expect(isUnanchoredGlob(name), name).toBe(true);
      expect(validateAllowRule({ toolName: name }), name).toEqual(expect.any(String));
    }
  });

  it('accepts anchored globs and plain names', () => {
    for (const name of ['mcp__github__*', 'mcp__github__get_*', 'mcp__my_server__*', 'Bash', 'mcp__github']) {
      expect(isUnanchoredGlob(name), name).toBe(false);
      expect(validateAllowRule({ toolName: name, ruleContent: 'x' }), name).toBeUndefined();
    }
  });
});
