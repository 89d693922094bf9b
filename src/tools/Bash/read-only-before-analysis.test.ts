import { expect, it } from 'vitest';
import { loadedShellAnalysis, loadShellAnalysis } from '../../permissions/shell/load-shell-analysis.ts';
import { bashTool } from './index.ts';

// A file of its own: the process must not have loaded the shell analysis before this test.
it('says "not read-only" until the shell analysis is loaded (fail closed, not remembered), then the real answer', async () => {
  expect(loadedShellAnalysis()).toBeUndefined();
  expect(bashTool.isReadOnly({ command: 'ls' })).toBe(false);
  expect(bashTool.isConcurrencySafe({ command: 'ls' })).toBe(false);
  await loadShellAnalysis();
  expect(bashTool.isReadOnly({ command: 'ls' })).toBe(true);
  expect(bashTool.isConcurrencySafe({ command: 'ls' })).toBe(true);
});
