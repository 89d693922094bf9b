/**
 * Test-only: type-checks the ts/js blocks of the docs in ONE compiler run over a sample project (a file per
 * block, after its prelude when it has one) and gives each block the diagnostics that fall in its own lines.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_TSCONFIG } from './create-sample-project.ts';
import type { CodeBlock } from './extract-code-blocks.ts';

/** What the compiler said about one block, its lines counted in the Markdown file (`README.md:31 (as .ts): TS2345 ...`). */
export interface SampleDiagnostics {
  block: CodeBlock;
  errors: string[];
}

/**
 * Errors in other packages' declarations that a user with `skipLibCheck: false` gets too and codev cannot fix:
 * ioredis (an optional peer of `codev/fleet`) imports `redis-errors`, which ships no types.
 */
const FOREIGN_LIBRARY_ERRORS = [{ file: /\/node_modules\/ioredis\//, code: 'TS7016' }];

const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/;

/** The extension a block of `language` is checked as: `.ts` for TypeScript, `.mjs` (checkJs) for JavaScript. */
export function sampleExtension(language: string): '.ts' | '.mjs' | undefined {
  if (['ts', 'typescript', 'mts', 'tsx'].includes(language)) return '.ts';
  if (['js', 'javascript', 'mjs'].includes(language)) return '.mjs';
  return undefined;
}

/** The file a block is written to in the sample project, as `extension`: `samples/readme-md-14.ts`. */
function sampleFileName(block: CodeBlock, extension: string): string {
  return `samples/${block.file.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}-${block.line}${extension}`;
}

/**
 * Writes every block into `project` and runs the repo's tsc once (`-p project`). Returns one entry per block,
 * plus `outside` for what the compiler reported elsewhere (a prelude, a library's declarations).
 */
export function typeCheckSamples(options: { project: string; repoRoot: string; blocks: readonly CodeBlock[] }): { samples: SampleDiagnostics[]; outside: string[] } {
  const { project, repoRoot, blocks } = options;
  const offsets = new Map<string, { block: CodeBlock; preludeLines: number; samples: SampleDiagnostics; extension: string }>();
  const samples: SampleDiagnostics[] = [];
  for (const block of blocks) {
    const prelude = block.marker.kind === 'prelude' ? readPrelude({ repoRoot, name: block.marker.name }) : '';
    const entry: SampleDiagnostics = { block, errors: [] };
    samples.push(entry);
    // A JavaScript sample is also what a TypeScript user pastes into a .ts file: both must pass.
    for (const extension of sampleExtension(block.language) === '.mjs' ? ['.mjs', '.ts'] : ['.ts']) {
      const fileName = sampleFileName(block, extension);
      writeFileSync(path.join(project, fileName), prelude + block.code);
      offsets.set(fileName, { block, preludeLines: prelude === '' ? 0 : prelude.split('\n').length - 1, samples: entry, extension });
    }
  }
  // tsc reports no semantic error at all while any file has a syntax error: a second run leaves those files out.
  let diagnostics = runCompiler({ project, repoRoot });
  const broken = new Set(diagnostics.filter((diagnostic) => /^TS1\d{3}:/.test(diagnostic.message)).map((diagnostic) => diagnostic.file));
  const whole = [...offsets.keys()].filter((file) => !broken.has(file));
  if (broken.size > 0 && whole.length > 0) {
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ ...SAMPLE_TSCONFIG, include: [], files: whole }));
    diagnostics = [...diagnostics.filter((diagnostic) => broken.has(diagnostic.file)), ...runCompiler({ project, repoRoot })];
  }
  const outside: string[] = [];
  for (const { file, line, message } of diagnostics) {
    if (FOREIGN_LIBRARY_ERRORS.some((known) => known.file.test(file) && message.startsWith(`${known.code}:`))) continue;
    const sample = offsets.get(file);
    const sampleLine = line - (sample?.preludeLines ?? 0);
    if (sample && sampleLine >= 1) sample.samples.errors.push(`${sample.block.file}:${sample.block.line + sampleLine} (as ${sample.extension}): ${message}`);
    else outside.push(sample ? `prelude of ${sample.block.file}:${sample.block.line}: ${message}` : `${file}:${line}: ${message}`);
  }
  return { samples, outside };
}

function readPrelude(options: { repoRoot: string; name: string }): string {
  const text = readFileSync(path.join(options.repoRoot, 'test/docs/test-fixtures/preludes', `${options.name}.ts`), 'utf8');
  return text.endsWith('\n') ? text : `${text}\n`;
}

interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

function runCompiler(options: { project: string; repoRoot: string }): Diagnostic[] {
  const compiler = spawnSync(process.execPath, [path.join(options.repoRoot, 'node_modules/typescript/bin/tsc'), '-p', options.project, '--pretty', 'false'], { cwd: options.project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const diagnostics: Diagnostic[] = [];
  for (const text of `${compiler.stdout}${compiler.stderr}`.split('\n')) {
    const match = DIAGNOSTIC.exec(text);
    if (match) diagnostics.push({ file: match[1]!.replaceAll('\\', '/'), line: Number(match[2]), message: match[4]! });
    else if (text.trim() !== '' && diagnostics.length > 0) diagnostics[diagnostics.length - 1]!.message += `\n${text}`;
    else if (text.trim() !== '') diagnostics.push({ file: '(tsc)', line: 0, message: text });
  }
  if (compiler.status !== 0 && diagnostics.length === 0) diagnostics.push({ file: '(tsc)', line: 0, message: `tsc exited with ${compiler.status}: ${compiler.error?.message ?? ''}` });
  return diagnostics;
}
