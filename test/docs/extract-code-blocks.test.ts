/**
 * extractCodeBlocks finds every code block Markdown renders: fences in list items, in blockquotes, in <details>,
 * and indented code blocks (no language: refused, so none escapes the checks).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractCodeBlocks } from './extract-code-blocks.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('extractCodeBlocks', () => {
  it('finds fences indented in list items, inside blockquotes and in <details>, and indented code blocks, with their code unindented', () => {
    const blocks = extractCodeBlocks({ root: ROOT, file: 'test/docs/test-fixtures/hidden-fences.md' });
    expect(blocks.map((block) => [block.line, block.language, block.code])).toEqual([
      [5, 'ts', "const inAList: number = 'four spaces in an ordered list';\n"],
      [12, 'js', "console.log('six spaces in a nested list');\n"],
      [18, 'ts', "const quoted: number = 'in a blockquote';\n"],
      [23, 'sh', 'codev tools --bogus\n'],
      [30, 'ts', "const folded: number = 'in details, tildes, upper case, attributes';\n"],
      [36, '', "```ts\nan indented code block at the top level: not a fence, shown as text\n```\n"],
    ]);
  });
});
