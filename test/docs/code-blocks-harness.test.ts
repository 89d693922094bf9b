/** The checks of code-blocks.test.ts refuse what they must: each broken sample of test-fixtures/broken-samples.md. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formProblem, jsonProblem } from './block-kind.ts';
import { checkCodevInvocation } from './check-codev-invocation.ts';
import { codevInvocations } from './codev-invocations.ts';
import { createSampleProject } from './create-sample-project.ts';
import { extractCodeBlocks } from './extract-code-blocks.ts';
import { typeCheckSamples } from './type-check-samples.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const blocks = extractCodeBlocks({ root: ROOT, file: 'test/docs/test-fixtures/broken-samples.md' });

describe('the docs harness', () => {
  it('reads each fence with its language and marker', () => {
    expect(blocks.map((block) => [block.language, block.marker.kind])).toEqual([
      ['js', 'check'],
      ['ts', 'check'],
      ['ts', 'prelude'],
      ['sh', 'check'],
      ['json', 'check'],
      ['', 'check'],
      ['ts', 'invalid'],
    ]);
  });

  it('refuses the widened permission answer (as .mjs and as .ts) and an undeclared fragment, and passes the declared one', () => {
    const { samples, outside } = typeCheckSamples({ project: createSampleProject({ repoRoot: ROOT }), repoRoot: ROOT, blocks: blocks.slice(0, 3) });
    expect(outside).toEqual([]);
    const codes = samples.map((sample) => sample.errors.map((error) => /(\(as \.\w+\)): (TS\d+)/.exec(error)?.slice(1).join(' ')));
    expect(codes).toEqual([['(as .mjs) TS2345', '(as .ts) TS2345'], ['(as .ts) TS2304'], []]);
  }, 300_000);

  it('refuses an unknown flag, command or subcommand, and accepts the real ones', async () => {
    const invocations = codevInvocations(blocks[3]!.code);
    expect(invocations.map((invocation) => invocation.args)).toEqual([
      ['tools', '--bogus'],
      ['rnu', 'agent.ts'],
      ['queue', 'ad', 'agent.ts', '--prompt', 'hi'],
      ['tools', '--json'],
      ['tool', 'Echo', '{"message":"a | b"}', '--json'],
    ]);
    const problems = await Promise.all(invocations.map((invocation) => checkCodevInvocation({ invocation, cwd: ROOT })));
    expect(problems.map((problem) => problem?.slice(0, 'exit 2'.length))).toEqual(['exit 2', 'exit 2', 'exit 2', undefined, undefined]);
  });

  it('refuses JSON that does not parse, a fence without a language and a skip without its reason', () => {
    expect(jsonProblem(blocks[4]!)).toBeDefined();
    expect(blocks.map((block) => formProblem(block) !== undefined)).toEqual([false, false, false, false, false, true, true]);
  });

  it('finds codev however it is started, and leaves other programs alone', () => {
    const code = ['CODEV_SANDBOX=0 npx codev run agent.ts \\', '  --max-turns 3', 'bun node_modules/codev/bin/codev.mjs tools; npm run try', 'npx ./codev-0.1.0.tgz init my-agent && cd my-agent'].join('\n');
    expect(codevInvocations(code).map((invocation) => [invocation.line, invocation.args])).toEqual([
      [1, ['run', 'agent.ts', '--max-turns', '3']],
      [3, ['tools']],
      [4, ['init', 'my-agent']],
    ]);
  });
});
