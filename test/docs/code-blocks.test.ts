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
import { blockKind, formProblem, isChecked, jsonProblem } from './block-kind.ts';
import { checkCodevInvocation } from './check-codev-invocation.ts';
import { codevInvocations } from './codev-invocations.ts';
import { createSampleProject } from './create-sample-project.ts';
import { documentedFiles } from './documented-files.ts';
import { extractCodeBlocks, type CodeBlock } from './extract-code-blocks.ts';
import { readRunFixture, runSample } from './run-sample.ts';
import { typeCheckSamples, type SampleDiagnostics } from './type-check-samples.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const blocks = documentedFiles({ root: ROOT, only: process.env.CODEV_DOCS }).flatMap((file) => extractCodeBlocks({ root: ROOT, file }));
const name = (block: CodeBlock): string => `${block.file}:${block.line} ${block.language || '(no language)'}`;

function requireBuiltPackage(): void {
  if (!existsSync(path.join(ROOT, 'dist/index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first');
}

/** `it.each` over some blocks, or a note that these files have none (vitest refuses an empty suite). */
function eachBlock(some: readonly CodeBlock[], test: (block: CodeBlock) => void | Promise<void>, timeout?: number): void {
  if (some.length === 0) it('none in these files', () => undefined);
  else it.each(some.map((block) => [name(block), block] as const))('%s', (_, block) => test(block), timeout);
}
const typeChecked = blocks.filter((block) => blockKind(block) === 'code' && isChecked(block));

describe('the code blocks of the docs', () => {
  it.each(blocks.map((block) => [name(block), block] as const))('%s has a language and a well-formed marker', (_, block) => {
    expect(formProblem(block)).toBeUndefined();
  });
});

describe('ts and js blocks type-check under strict TypeScript, against the built package', () => {
  let result: { samples: SampleDiagnostics[]; outside: string[] };
  beforeAll(() => {
    requireBuiltPackage();
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
  beforeAll(requireBuiltPackage);
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
    for (const text of runCase.stderr ?? []) expect(run.stderr, context).toContain(text);
    if (runCase.requests !== undefined) expect(run.requests).toBe(runCase.requests);
    expect(run.leftOpen, 'the sample closes what it opens').toEqual([]);
  }, 90_000);
});

describe('shell blocks name real codev commands and flags', () => {
  const shell = blocks.filter((block) => blockKind(block) === 'shell' && isChecked(block));
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
  const json = blocks.filter((block) => blockKind(block) === 'json' && isChecked(block));
  eachBlock(json, (block) => {
    expect(jsonProblem(block)).toBeUndefined();
  });
});
