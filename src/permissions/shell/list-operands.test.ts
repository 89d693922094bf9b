import { describe, expect, it } from 'vitest';
import { listOperands } from './list-operands.ts';
import { parseShell } from './parse-shell.ts';

describe('listOperands', () => {
  it('flattens a left-nested list into its operands and operators, in order', async () => {
    const tree = await parseShell('a && b || c && d');
    const list = tree.rootNode.firstNamedChild!;
    expect(listOperands(list).map((node) => node.text)).toEqual(['a', '&&', 'b', '||', 'c', '&&', 'd']);
    tree.delete();
  });
});
