import { describeWithSpec } from './program-spec.ts';
import { FILE_WRITERS } from './file-writers.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** The suffix each compressor adds, and the ones it strips when decompressing (`.tgz` becomes `.tar`). */
const SUFFIXES: Readonly<Record<string, string>> = { gzip: '.gz', gunzip: '.gz', bzip2: '.bz2', xz: '.xz', zstd: '.zst' };
const STRIPPED = /(\.[^./]*|[-_]z)$/i;
const TARBALL = /\.t[ag]z$/i;

/**
 * gzip, gunzip, bzip2, xz and zstd write the file named after their operand, not the operand itself:
 * `gzip f` writes `f.gz` (or `-S` suffix), `gzip -d f.gz` writes `f`. Each operand written is joined by both
 * names, so an Edit deny rule on `locked.txt` holds for `gunzip locked.txt.gz`; with `-N` the name is the one
 * the archive stores.
 */
export function describeCompressor(name: string): DescribeProgram {
  const spec = FILE_WRITERS[name]!;
  return (args) => {
    const effects = describeWithSpec(spec, args);
    const derived = effects.files.filter((effect) => effect.access === 'write').flatMap((effect): FileEffect[] => [
      { ...effect, word: { ...effect.word, value: `${effect.word.value}${suffixOf(name, args)}` } },
      { ...effect, word: { ...effect.word, value: decompressed(effect.word.value) } },
    ]);
    // `-N` (`--name`) decompresses to the name the archive stores, which no word names.
    const storedName = args.some((word) => word.dynamic || word.value.startsWith('--na') || /^-[a-zA-Z]*N/.test(word.value));
    return { ...effects, files: [...effects.files, ...derived], ...(storedName ? { unnamedFiles: 'with -N it writes the name its archive stores' } : {}) };
  };
}

function decompressed(value: string): string {
  return TARBALL.test(value) ? value.replace(TARBALL, '.tar') : value.replace(STRIPPED, '');
}

function suffixOf(name: string, args: Parameters<DescribeProgram>[0]): string {
  for (let index = 0; index < args.length; index++) {
    const value = args[index]!.value;
    if ((value === '-S' || value === '--suffix') && args[index + 1]) return args[index + 1]!.value;
    if (value.startsWith('--suffix=')) return value.slice('--suffix='.length);
    if (/^-S./.test(value)) return value.slice(2);
  }
  return SUFFIXES[name]!;
}
