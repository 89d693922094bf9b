import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { createSearchIndex, searchTools, SCORES, toSearchEntry, toolSearchTool, type SearchEntry } from './index.ts';
import { textWords } from './search-entry.ts';
import { createSubstringIndex, forEachOccurrence } from './substring-index.ts';

/** The scoring rules written out per entry and term, with no index: what `searchTools` must agree with. */
function referenceSearch(entries: readonly SearchEntry[], query: string, maxResults: number): string[] {
  const lower = query.trim().toLowerCase();
  const exact = entries.find((entry) => entry.nameLower === lower);
  if (exact) return [exact.name];
  const prefixed = lower.startsWith('mcp__') && lower.length > 5 ? entries.filter((entry) => entry.nameLower.startsWith(lower)) : [];
  if (prefixed.length > 0) return prefixed.slice(0, maxResults).map((entry) => entry.name);
  const terms = lower.split(/\s+/).filter(Boolean);
  const isRequired = (term: string) => term.startsWith('+') && term.length > 1;
  const required = new Set(terms.filter(isRequired).map((term) => term.slice(1)));
  const scoring = [...new Set([...required, ...terms.filter((term) => !isRequired(term))])];
  const plain = (term: string) => /^[a-z0-9]+$/.test(term);
  const scored = entries.map((entry, index) => {
    const kind = entry.isMcp ? 'mcp' : 'builtin';
    let score = 0;
    let requiredHits = 0;
    for (const term of scoring) {
      let points = 0;
      if (entry.parts.includes(term)) points += SCORES.namePart[kind];
      else if (entry.parts.some((part) => part.includes(term))) points += SCORES.namePartial[kind];
      else if (entry.compact === term || entry.bare === term) points += SCORES.wholeName[kind];
      else if (entry.compact.includes(term) || entry.bare.includes(term)) points += SCORES.wholeNamePartial[kind];
      if (plain(term) ? textWords(entry.hint).includes(term) : entry.hint.includes(term)) points += SCORES.searchHint;
      if (plain(term) ? textWords(entry.description).includes(term) : entry.description.includes(term)) points += SCORES.description;
      score += points;
      if (points > 0 && required.has(term)) requiredHits++;
    }
    return { index, score, ok: score > 0 && requiredHits === required.size };
  });
  return scored
    .filter((item) => item.ok)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, maxResults)
    .map((item) => entries[item.index]!.name);
}

describe('createSubstringIndex', () => {
  it('finds every text holding a term of any length, also at the start and the end, never across texts', () => {
    const texts = ['abc', 'xabcx', '', 'a', 'cab', 'zzab', 'b-c_d', 'aa'];
    const index = createSubstringIndex(texts);
    for (const term of ['a', 'b', 'ab', 'bc', 'abc', 'ca', 'aa', 'ba', 'cx', 'x', 'b-c', '-c_', 'c_d', 'ca b', 'zab', 'q', 'abcx', 'cz', 'aab']) {
      const found = new Set<number>();
      forEachOccurrence(index, term, (entry, position) => {
        expect(texts[entry]!.startsWith(term, position - index.textStarts[entry]!)).toBe(true);
        found.add(entry);
      });
      expect([...found].sort(), term).toEqual(texts.flatMap((text, entry) => (text.includes(term) ? [entry] : [])));
    }
  });
});

describe('searchTools over the index', () => {
  // A pool with shared words, camelCase, kebab and snake names, built-ins, hints, descriptions with punctuation.
  const servers = ['github', 'gitlab', 'slack', 'my-files', 'calendar_v2'];
  const actions = ['create_issue', 'listPullRequests', 'send-message', 'get_file', 'searchIssues', 'on_call_schedule', 'notification'];
  const entries: SearchEntry[] = [
    toSearchEntry({ name: 'ReadFile', description: 'Read a file from disk.' }),
    toSearchEntry({ name: 'HTTPRequest', description: 'Send an on-call page; c++ too', searchHint: 'web fetch on-call' }),
    ...servers.flatMap((server, serverIndex) =>
      actions.map((action, actionIndex) =>
        toSearchEntry({
          name: `mcp__${server}__${action}`,
          description: `${action.replace(/[_-]/g, ' ')} in ${server}. Issue #${serverIndex * 10 + actionIndex}, pull_request and notion pages.`,
          ...(actionIndex % 2 === 0 ? { searchHint: `ticket bug ${server} notes` } : {}),
        }),
      ),
    ),
    toSearchEntry({ name: 'Notion', description: 'notion' }),
  ];
  const index = createSearchIndex(entries);

  it('agrees with the per-entry reference on keywords, substrings, punctuation and +required terms', () => {
    const queries = [
      'issue', 'create issue', 'github issue', 'pull', 'pullrequests', 'listpull', 'issues', 'i', 'is', 'ss', 'e', 'on-call', 'on_call', 'call_schedule',
      'c++', '+', '++', 'page', 'notion', 'notion pages', 'noti', 'ticket', '+ticket bug', '+github +create', '+gitlab send', 'my-files', 'github__create',
      'files__get', 'calendar_v2__notification', 'v2', '#3', 'pull_request', 'readfile', 'read file', 'http', 'request', 'httprequest', 'zzz', '+zzz issue',
      'issue issue', '+issue issue', 'mcp__git', 'mcp__github__', 'MCP__SLACK__send-message', 'mcp__nope', 'mcp__', 'get_file', 'getfile', 'sendmessage', 'send-message', 'send message',
    ];
    for (const query of queries) for (const maxResults of [1, 3, 50]) expect(searchTools({ query, index, maxResults }), `${query} / ${maxResults}`).toEqual(referenceSearch(entries, query, maxResults));
  });

  it('gives the same answers in any order of queries (nothing leaks from one search into the next)', () => {
    const fresh = (query: string) => searchTools({ query, index: createSearchIndex(entries), maxResults: 5 });
    const reused = ['+github issue', 'slack', 'notion pages', '+github issue', 'on-call', 'slack'].map((query) => searchTools({ query, index, maxResults: 5 }));
    expect(reused).toEqual(['+github issue', 'slack', 'notion pages', '+github issue', 'on-call', 'slack'].map(fresh));
  });

  it('breaks ties by pool order, whichever field matched first', () => {
    // Alpha: hint 4 + description 2 = 6; mcp__x__zetas: a partial name part, MCP 6. Scored name first, ranked second.
    const tied = createSearchIndex([toSearchEntry({ name: 'Alpha', description: 'zeta', searchHint: 'zeta' }), toSearchEntry({ name: 'mcp__x__zetas', description: '' })]);
    expect(searchTools({ query: 'zeta', index: tied, maxResults: 5 })).toEqual(['Alpha', 'mcp__x__zetas']);
    expect(searchTools({ query: 'zeta', index: tied, maxResults: 1 })).toEqual(['Alpha']);
  });

  it('counts a required term once when it matches several fields', () => {
    const required = createSearchIndex([toSearchEntry({ name: 'mcp__a__deploy', description: 'deploy it', searchHint: 'deploy' }), toSearchEntry({ name: 'mcp__a__build', description: 'build' })]);
    expect(searchTools({ query: '+deploy +build', index: required, maxResults: 5 })).toEqual([]);
    expect(searchTools({ query: '+deploy build', index: required, maxResults: 5 })).toEqual(['mcp__a__deploy']);
  });
});

describe('ToolSearch index per pool', () => {
  const mcp = (name: string, description: string) => buildTool({ name, description, isMcp: true, inputSchema: z.looseObject({}), call: () => ({ data: 'ok' }) });

  it('finds a tool added to the set (a new pool array gets its own index)', async () => {
    const before = [toolSearchTool, mcp('mcp__a__list_things', 'List things')];
    const first = await runTool({ name: 'ToolSearch', input: { query: 'weather' }, context: createTestContext({ tools: before }) });
    expect(first.result.output).toMatchObject({ matches: [], total_deferred_tools: 1 });
    const after = [...before, mcp('mcp__b__get_weather', 'Current weather')];
    const second = await runTool({ name: 'ToolSearch', input: { query: 'weather' }, context: createTestContext({ tools: after }) });
    expect(second.result.output).toMatchObject({ matches: ['mcp__b__get_weather'], total_deferred_tools: 2 });
    const selected = await runTool({ name: 'ToolSearch', input: { query: 'select:MCP__B__GET_WEATHER' }, context: createTestContext({ tools: after }) });
    expect(selected.result.output).toMatchObject({ matches: ['mcp__b__get_weather'] });
  });
});
