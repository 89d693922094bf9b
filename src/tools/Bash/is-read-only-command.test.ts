import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalysis } from '../../permissions/shell/load-shell-analysis.ts';
import { bashTool } from './index.ts';
import { classifyCommand } from './classify-command.ts';

// The synchronous answers use the grammar an asynchronous path loaded first (a permission check, runToolUses).
beforeAll(async () => {
  await loadShellAnalysis();
});

describe('isReadOnly / isConcurrencySafe', () => {
  it.each([
    ['ls -la', true],
    ['git status', true],
    ['cat f | grep x', true],
    ['git log --oneline -5 && git diff HEAD~1', true],
    ['find . -name "*.ts"', true],
    ["sed -n '1,5p' f", true],
    ['echo $(pwd)', false],
    ['sed -i s/a/b/ f', false],
    ["sed 's/a/b/w out' f", false],
    ['find . -exec rm {} \\;', false],
    ['find . -delete', false],
    ['echo x > f', false],
    ['cat f >> g', false],
    ['ls 2>/dev/null', true],
    ['rm -rf x', false],
    ['git branch new-feature', false],
    ['git branch -a', true],
    ['git -c core.pager=evil log', false],
    ['sort -o out in', false],
    ['PAGER=evil git log', false],
    ['npm test', false],
    ['echo "unterminated', false],
    ['tar -tf a.tar', true],
    ['tar -xf a.tar', false],
    ['set -euo pipefail; git status', true],
    ['set -k; git status', false],
    ['diff <(cat a) <(sort b)', true],
    ['diff <(rm a) b', false],
    ["jq -n --rawfile s f '$s'", true],
    ['sqlite3 db .tables', false],
    ['git apply x.diff', false],
  ])('%s → %s', (command, expected) => {
    expect(bashTool.isReadOnly({ command })).toBe(expected);
    expect(bashTool.isConcurrencySafe({ command })).toBe(expected);
  });

  it('classifies search, read and list commands for collapsed display', () => {
    expect(classifyCommand('grep -rn foo src | head -5')).toBe('search');
    expect(classifyCommand('cat a.ts')).toBe('read');
    expect(classifyCommand('ls -la')).toBe('list');
    expect(classifyCommand('npm test')).toBeUndefined();
    expect(classifyCommand('set -e; git status')).toBe('list');
    expect(bashTool.renderToolUseMessage({ command: 'rg foo' }, { verbose: false, color: false })).toBe('rg foo [search]');
  });
});
