/**
 * Every fenced code block of README.md and docs/*.md works as written, against the BUILT package (`npm run
 * build` first): ts/js blocks type-check under a user's strict tsconfig (one compiler run for all of them),
 * runnable ones run against the fake Messages server, shell blocks' `codev` lines name real commands and
 * flags, JSON blocks parse. How a block says what it is: see parse-sample-marker.ts. `CODEV_DOCS=docs/fleet.md`
 * checks one file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCodevInvocation } from './check-codev-invocation.ts';
import { codevInvocations } from './codev-invocations.ts';
import { createSampleProject } from './create-sample-project.ts';
import { documentedFiles } from './documented-files.ts';
import { extractCodeBlocks, type CodeBlock } from './extract-code-blocks.ts';
import { readRunFixture, runSample } from './run-sample.ts';
import { sampleExtension, typeCheckSamples, type SampleDiagnostics } from './type-check-samples.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHELL = ['sh', 'bash', 'shell', 'console', 'zsh'];
const JSON_LANGUAGES = ['json', 'jsonl'];
/** Languages with nothing to check: prose, file trees, usage synopses, front matter. */
const TEXT = ['text', 'txt', 'md', 'markdown', 'yaml', 'yml', 'diff'];

const blocks = documentedFiles({ root: ROOT, only: process.env.CODEV_DOCS }).flatMap((file) => extractCodeBlocks({ root: ROOT, file }));
/** `it.each` over the blocks of one kind, or a note that these files have none (vitest refuses an empty suite). */
function eachBlock(blocks: readonly CodeBlock[], test: (block: CodeBlock) => void | Promise<void>, timeout?: number): void {
  if (blocks.length === 0) it('none in these files', () => undefined);
  else it.each(blocks.map((block) => [name(block), block] as const))('%s', (_, block) => test(block), timeout);
}
const name = (block: CodeBlock): string => `${block.file}:${block.line} ${block.language || '(no language)'}`;
const checked = (block: CodeBlock): boolean => block.marker.kind !== 'skip' && block.marker.kind !== 'invalid';
const typeChecked = blocks.filter((block) => sampleExtension(block.language) !== undefined && checked(block));

describe('the code blocks of the docs', () => {
  it.each(blocks.map((block) => [name(block), block] as const))('%s has a language and a well-formed marker', (_, block) => {
    expect([...SHELL, ...JSON_LANGUAGES, ...TEXT].includes(block.language) || sampleExtension(block.language) !== undefined, 'give the fence a language: ts, js, sh, json, text...').toBe(true);
    expect(block.marker.kind === 'invalid' ? block.marker.problem : undefined).toBeUndefined();
    if (block.marker.kind === 'prelude' || block.marker.kind === 'run') expect(sampleExtension(block.language), 'prelude and run are for ts/js blocks').toBeDefined();
  });
});

describe('ts and js blocks type-check under strict TypeScript, against the built package', () => {
  let result: { samples: SampleDiagnostics[]; outside: string[] };
  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'dist/index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first');
    result = typeCheckSamples({ project: createSampleProject({ repoRoot: ROOT }), repoRoot: ROOT, blocks: typeChecked });
  }, 300_000);

  it('the preludes and the libraries have no errors', () => {
    expect(result.outside).toEqual([]);
  });

  it.each(typeChecked.map((block, index) => [name(block), index] as const))('%s', (_, index) => {
    expect(result.samples[index]!.errors).toEqual([]);
  });
});

describe('runnable blocks run against the fake Messages server', () => {
  const cases = blocks.flatMap((block) => (block.marker.kind === 'run' ? readRunFixture({ repoRoot: ROOT, name: block.marker.name }).cases.map((runCase) => ({ block, runCase })) : []));
  if (cases.length === 0) it('none in these files', () => undefined);
  it.each(cases.map((item) => [`${name(item.block)}: ${item.runCase.name}`, item] as const))('%s', async (_, { block, runCase }) => {
    if (block.marker.kind !== 'run') return;
    const run = await runSample({ repoRoot: ROOT, fixture: readRunFixture({ repoRoot: ROOT, name: block.marker.name }), runCase, code: block.code });
    const context = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
    expect(run.code, context).toBe(runCase.exitCode);
    let from = 0;
    for (const text of runCase.stdout ?? []) {
      const at = run.stdout.indexOf(text, from);
      expect(at, `stdout has "${text}" (after what came before)\n${context}`).toBeGreaterThanOrEqual(0);
      from = at + text.length;
    }
    if (runCase.requests !== undefined) expect(run.requests).toBe(runCase.requests);
    expect(run.leftOpen, 'the sample closes what it opens').toEqual([]);
  }, 90_000);
});

describe('shell blocks name real codev commands and flags', () => {
  const shell = blocks.filter((block) => SHELL.includes(block.language) && checked(block));
  eachBlock(shell, async (block) => {
    const refused: string[] = [];
    for (const invocation of codevInvocations(block.code)) {
      const problem = await checkCodevInvocation({ invocation, cwd: ROOT });
      if (problem) refused.push(`${block.file}:${block.line + invocation.line}: codev ${invocation.args.join(' ')}: ${problem}`);
    }
    expect(refused).toEqual([]);
  }, 60_000);
});

describe('JSON blocks parse', () => {
  const json = blocks.filter((block) => JSON_LANGUAGES.includes(block.language) && checked(block));
  eachBlock(json, (block) => {
    const documents = block.language === 'jsonl' ? block.code.split('\n').filter((line) => line.trim() !== '') : [block.code];
    for (const document of documents) expect(() => JSON.parse(document)).not.toThrow();
  });
});
