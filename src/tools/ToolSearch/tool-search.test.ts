import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getSessionState } from '../../session/get-session-state.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { createSearchIndex, isDeferredTool, searchTools, SCORES, splitToolName, toolSearchTool, toSearchEntry } from './index.ts';

const entry = (name: string, description = '', searchHint?: string) => toSearchEntry({ name, description, searchHint });
const search = (query: string, entries: ReturnType<typeof entry>[], maxResults = 5) => searchTools({ query, index: createSearchIndex(entries), maxResults });

const mcp = (name: string, description: string, searchHint?: string) =>
  buildTool({ name, description, searchHint, isMcp: true, inputSchema: z.looseObject({}), call: () => ({ data: 'ok' }) });

describe('splitToolName', () => {
  it('splits on __, _, - and camelCase and drops the mcp__ prefix', () => {
    expect(splitToolName('mcp__github__createPullRequest')).toMatchObject({ parts: ['github', 'create', 'pull', 'request'], isMcp: true, compact: 'githubcreatepullrequest' });
    expect(splitToolName('NotebookEdit').parts).toEqual(['notebook', 'edit']);
    expect(splitToolName('mcp__my-server__list_files').parts).toEqual(['my', 'server', 'list', 'files']);
    expect(splitToolName('HTTPRequest').parts).toEqual(['http', 'request']);
  });
});

describe('searchTools scoring', () => {
  it('scores name parts, partial parts, hints and descriptions per the reference', () => {
    const tools = [entry('mcp__slack__send_message', 'Post a message to a channel'), entry('SendMail', 'Send an email'), entry('mcp__jira__create_issue', 'Create a ticket', 'issue bug tracker')];
    // exact name part: MCP 12; built-in 10 + description 2 = 12: a tie keeps pool order.
    expect(search('send', tools)).toEqual(['mcp__slack__send_message', 'SendMail']);
    expect(search('send email', tools)).toEqual(['SendMail', 'mcp__slack__send_message']);
    expect(search('messag', tools)).toEqual(['mcp__slack__send_message']); // partial part, MCP 6
    expect(search('bug', tools)).toEqual(['mcp__jira__create_issue']); // hint only, 4
    expect(search('ticket', tools)).toEqual(['mcp__jira__create_issue']); // description only, 2
    expect(search('nothing-like-this', tools)).toEqual([]);
  });

  it('uses the reference point values', () => {
    const score = (name: string, query: string, description = '', hint?: string) => {
      const entries = [entry(name, description, hint), entry('Filler')];
      return search(query, entries).length > 0;
    };
    expect(SCORES.namePart).toEqual({ builtin: 10, mcp: 12 });
    expect(SCORES.namePartial).toEqual({ builtin: 5, mcp: 6 });
    expect(SCORES.searchHint).toBe(4);
    expect(SCORES.description).toBe(2);
    // An exact name part (10) beats a hint (4) plus a description (2).
    expect(search('read', [entry('Other', 'read things', 'read'), entry('ReadFile')])).toEqual(['ReadFile', 'Other']);
    // Name-part matches outrank partial ones: 12 > 6 + 2.
    expect(search('issue', [entry('mcp__a__issues', 'about issue'), entry('mcp__b__issue')])).toEqual(['mcp__b__issue', 'mcp__a__issues']);
    // Whole-name partial across parts (no single part contains it): 3.
    expect(score('PullRequest', 'llreq')).toBe(true);
  });

  it('short-circuits on an exact full name, any case', () => {
    const tools = [entry('mcp__github__get_issue', 'issue'), entry('mcp__github__get_issue_comments', 'issue')];
    expect(search('MCP__GITHUB__GET_ISSUE', tools)).toEqual(['mcp__github__get_issue']);
  });

  it('returns prefix matches for mcp__ queries, capped at max_results', () => {
    const tools = [entry('mcp__github__a'), entry('mcp__gitlab__b'), entry('mcp__github__c'), entry('mcp__github__d')];
    expect(search('mcp__github', tools)).toEqual(['mcp__github__a', 'mcp__github__c', 'mcp__github__d']);
    expect(search('mcp__github__', tools, 2)).toEqual(['mcp__github__a', 'mcp__github__c']);
    // No prefix match: falls back to keywords ("mcp" is not a name part, so nothing).
    expect(search('mcp__nothing', tools)).toEqual([]);
  });

  it('+term requires a term', () => {
    const tools = [entry('mcp__slack__send_message', 'chat'), entry('mcp__email__send_message', 'mail'), entry('mcp__slack__list_channels', 'chat')];
    expect(search('send message', tools)).toHaveLength(2);
    expect(search('+slack send', tools)).toEqual(['mcp__slack__send_message', 'mcp__slack__list_channels']);
    expect(search('+slack +send', tools)).toEqual(['mcp__slack__send_message']);
    expect(search('+discord send', tools)).toEqual([]);
  });

  it('caps results at max_results, best first, ties in pool order', () => {
    const tools = Array.from({ length: 10 }, (_, index) => entry(`mcp__s${index}__search`));
    expect(search('search', tools, 3)).toEqual(['mcp__s0__search', 'mcp__s1__search', 'mcp__s2__search']);
  });
});

describe('isDeferredTool', () => {
  const plain = buildTool({ name: 'P', description: 'd', inputSchema: z.object({}), call: () => ({ data: '' }) });
  it('defers shouldDefer and MCP tools unless alwaysLoad; CODEV_TOOL_SEARCH=false sends everything', () => {
    expect(isDeferredTool(plain, {})).toBe(false);
    expect(isDeferredTool(mcp('mcp__a__b', 'd'), {})).toBe(true);
    expect(isDeferredTool({ shouldDefer: true, isMcp: false, alwaysLoad: false }, {})).toBe(true);
    expect(isDeferredTool({ shouldDefer: false, isMcp: true, alwaysLoad: true }, {})).toBe(false);
    expect(isDeferredTool(mcp('mcp__a__b', 'd'), { CODEV_TOOL_SEARCH: 'false' })).toBe(false);
  });
});

describe('ToolSearch tool', () => {
  const tools = [
    toolSearchTool,
    mcp('mcp__slack__send_message', 'Send a message to a Slack channel'),
    mcp('mcp__slack__list_channels', 'List Slack channels'),
    mcp('mcp__github__create_issue', 'Create a GitHub issue', 'bug ticket'),
  ];

  it('select: loads exact names and records them in the session', async () => {
    const context = createTestContext({ tools });
    const { result } = await runTool({ name: 'ToolSearch', input: { query: 'select:mcp__slack__send_message, mcp__github__create_issue,nope' }, context });
    expect(result.status).toBe('ok');
    expect(result.output).toMatchObject({ matches: ['mcp__slack__send_message', 'mcp__github__create_issue'], total_deferred_tools: 3, missing: ['nope'] });
    expect(resultText(result)).toContain('- mcp__slack__send_message: Send a message to a Slack channel');
    expect(resultText(result)).toContain('total_deferred_tools: 3');
    expect([...getSessionState(context).loadedDeferredTools]).toEqual(['mcp__slack__send_message', 'mcp__github__create_issue']);
  });

  it('keyword queries respect max_results; no match says so', async () => {
    const context = createTestContext({ tools });
    const { result } = await runTool({ name: 'ToolSearch', input: { query: 'slack', max_results: 1 }, context });
    expect(result.output).toMatchObject({ matches: ['mcp__slack__send_message'], query: 'slack' });
    const none = await runTool({ name: 'ToolSearch', input: { query: 'kubernetes' }, context });
    expect(none.result.output).toMatchObject({ matches: [], total_deferred_tools: 3 });
    expect(resultText(none.result)).toContain('No matching deferred tools found');
    expect(getSessionState(context).loadedDeferredTools.size).toBe(1);
  });
});
