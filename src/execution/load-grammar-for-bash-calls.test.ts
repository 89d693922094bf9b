import { expect, it } from 'vitest';
import { loadedShellAnalysis } from '../permissions/shell/load-shell-analysis.ts';
import { loadGrammarForBashCalls } from './load-grammar-for-bash-calls.ts';

// A file of its own: the process must not have loaded the shell analysis before this test.
it('loads the shell analysis for a message with a Bash call, and only then', async () => {
  await loadGrammarForBashCalls([{ type: 'tool_use', id: 'a', name: 'Read', input: { file_path: '/x' } }]);
  expect(loadedShellAnalysis()).toBeUndefined();
  await loadGrammarForBashCalls([{ type: 'tool_use', id: 'b', name: 'Bash', input: { command: 'ls' } }]);
  expect(loadedShellAnalysis()).toBeDefined();
});
