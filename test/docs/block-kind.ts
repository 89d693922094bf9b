/** Test-only: what a docs block's language makes of it, and what is wrong with its form (language, marker) or its JSON. */
import type { CodeBlock } from './extract-code-blocks.ts';
import { sampleExtension } from './type-check-samples.ts';

/** How a block is checked: type-checked, its codev lines, parsed as JSON, or nothing to check (prose, trees, synopses). */
export type BlockKind = 'code' | 'shell' | 'json' | 'text';

const SHELL = ['sh', 'bash', 'shell', 'console', 'zsh'];
const JSON_LANGUAGES = ['json', 'jsonl'];
const TEXT = ['text', 'txt', 'md', 'markdown', 'yaml', 'yml', 'diff'];

/** The block's kind; undefined for a language the harness does not know (a new one needs a decision here). */
export function blockKind(block: CodeBlock): BlockKind | undefined {
  if (sampleExtension(block.language) !== undefined) return 'code';
  if (SHELL.includes(block.language)) return 'shell';
  if (JSON_LANGUAGES.includes(block.language)) return 'json';
  return TEXT.includes(block.language) ? 'text' : undefined;
}

/** True when the block is checked at all: not skipped (with its reason), and its marker is well formed. */
export function isChecked(block: CodeBlock): boolean {
  return block.marker.kind !== 'skip' && block.marker.kind !== 'invalid';
}

/** What is wrong with the block's fence or marker, or undefined. */
export function formProblem(block: CodeBlock): string | undefined {
  const kind = blockKind(block);
  if (kind === undefined) return block.language === '' ? 'the fence names no language: ts, js, sh, json, text...' : `unknown language "${block.language}"`;
  if (block.marker.kind === 'invalid') return block.marker.problem;
  if ((block.marker.kind === 'prelude' || block.marker.kind === 'run') && kind !== 'code') return `sample: ${block.marker.kind} is for ts and js blocks`;
  return undefined;
}

/** Why a json block (jsonl: each line) does not parse, or undefined. */
export function jsonProblem(block: CodeBlock): string | undefined {
  const documents = block.language === 'jsonl' ? block.code.split('\n').filter((line) => line.trim() !== '') : [block.code];
  for (const document of documents) {
    try {
      JSON.parse(document);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}
