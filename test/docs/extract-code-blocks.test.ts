/** extractCodeBlocks finds every fence Markdown renders as one: in list items, in blockquotes, in <details>. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractCodeBlocks } from './extract-code-blocks.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('extractCodeBlocks', () => {
  it('finds fences indented in list items, inside blockquotes and in <details>, with their code unindented', () => {
    const blocks = extractCodeBlocks({ root: ROOT, file: 'test/docs/test-fixtures/hidden-fences.md' });
    expect(blocks.map((block) => [block.line, block.language, block.code])).toEqual([
      [5, 'ts', "const inAList: number = 'four spaces in an ordered list';\n"],
      [12, 'js', "console.log('six spaces in a nested list');\n"],
      [18, 'ts', "const quoted: number = 'in a blockquote';\n"],
      [23, 'sh', 'codev tools --bogus\n'],
      [30, 'ts', "const folded: number = 'in details, tildes, upper case, attributes';\n"],
    ]);
  });
});
