/**
 * The examples as a user's project has them: examples/*.ts type-check under the docs' strict tsconfig against
 * the BUILT package (`npm run build` first; the repo's own tsconfig and `deno check` see the sources instead),
 * and the `codev` lines of examples/README.md's shell blocks name real commands and flags. Running them is
 * test/deno/deno.test.ts's part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCodevInvocation } from '../docs/check-codev-invocation.ts';
import { codevInvocations } from '../docs/codev-invocations.ts';
import { createSampleProject } from '../docs/create-sample-project.ts';
import { extractCodeBlocks, type CodeBlock } from '../docs/extract-code-blocks.ts';
import { typeCheckSamples } from '../docs/type-check-samples.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each example script as one block whose line 1 is the file's line 1. */
const scripts: CodeBlock[] = readdirSync(path.join(ROOT, 'examples'))
  .filter((name) => name.endsWith('.ts'))
  .sort()
  .map((name) => ({ file: `examples/${name}`, line: 0, language: 'ts', code: readFileSync(path.join(ROOT, 'examples', name), 'utf8'), marker: { kind: 'check' } }));

describe('examples/', () => {
  it('has the scripts examples/README.md names', () => {
    expect(scripts.map((script) => script.file)).toEqual(['examples/agent.ts', 'examples/no-model.ts']);
  });

  it('type-checks every script under strict TypeScript against the built package', () => {
    if (!existsSync(path.join(ROOT, 'dist/index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first');
    const result = typeCheckSamples({ project: createSampleProject({ repoRoot: ROOT }), repoRoot: ROOT, blocks: scripts });
    expect(result.outside).toEqual([]);
    expect(result.samples.flatMap((sample) => sample.errors)).toEqual([]);
  }, 300_000);

  it("examples/README.md's shell blocks name real codev commands and flags", async () => {
    const shell = extractCodeBlocks({ root: ROOT, file: 'examples/README.md' }).filter((block) => block.language === 'sh');
    expect(shell.length).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const block of shell) {
      for (const invocation of codevInvocations(block.code)) {
        const problem = await checkCodevInvocation({ invocation, cwd: ROOT });
        if (problem) refused.push(`examples/README.md:${block.line + invocation.line}: codev ${invocation.args.join(' ')}: ${problem}`);
      }
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
