import type { ShellWord } from '../shell-word.ts';
import { commandBaseName } from '../wrapper-commands.ts';
import { describeAwk } from './describe-awk.ts';
import { describeCompressor } from './describe-compressor.ts';
import { describeDd } from './describe-dd.ts';
import { describeFind } from './describe-find.ts';
import { describeGit } from './describe-git.ts';
import { describeInterpreter, interpreterOf } from './describe-interpreter.ts';
import { describeJq } from './describe-jq.ts';
import { describeLn } from './describe-ln.ts';
import { describeSed } from './describe-sed.ts';
import { describeSet, describeShopt } from './describe-shell-options.ts';
import { describeTar } from './describe-tar.ts';
import { describeUnzip } from './describe-unzip.ts';
import { describeCurl, describeWget } from './describe-transfer.ts';
import { FILE_READERS } from './file-readers.ts';
import { FILE_WRITERS } from './file-writers.ts';
import { globListings, isProcessSubstitution } from './glob-listings.ts';
import { PLAIN_PROGRAMS } from './plain-programs.ts';
import { describeWithSpec, type ProgramSpec } from './program-spec.ts';
import { SCRIPTED_PROGRAMS } from './scripted-programs.ts';
import { SEARCH_PROGRAMS } from './search-programs.ts';
import type { DescribedProgram, DescribeProgram, FileEffect, ProgramEffects } from './types.ts';

const DESCRIPTIONS: Readonly<Record<string, DescribeProgram>> = {
  awk: describeAwk,
  gawk: describeAwk,
  mawk: describeAwk,
  nawk: describeAwk,
  dd: describeDd,
  gzip: describeCompressor('gzip'),
  gunzip: describeCompressor('gunzip'),
  bzip2: describeCompressor('bzip2'),
  xz: describeCompressor('xz'),
  zstd: describeCompressor('zstd'),
  find: describeFind,
  git: describeGit,
  jq: describeJq,
  set: describeSet,
  shopt: describeShopt,
  ...SCRIPTED_PROGRAMS,
  ln: describeLn,
  sed: describeSed,
  tar: describeTar,
  unzip: describeUnzip,
  curl: describeCurl,
  wget: describeWget,
  hostname: (args) => ({ ...describeWithSpec(PLAIN_PROGRAMS.hostname!, args), ...(args.some((word) => !word.value.startsWith('-')) ? { readOnly: false } : {}) }),
};

const SPECS: Readonly<Record<string, ProgramSpec>> = { ...PLAIN_PROGRAMS, ...FILE_READERS, ...FILE_WRITERS, ...SEARCH_PROGRAMS };

/** Every program codev knows, by name; interpreters are added as their names are first seen. */
const PROGRAMS = new Map<string, DescribeProgram | null>([
  ...Object.entries(SPECS).map(([name, spec]): [string, DescribeProgram] => [name, (args) => describeWithSpec(spec, args)]),
  ...Object.entries(DESCRIPTIONS),
]);
const MAX_PROGRAMS = 5_000;

/** The description of a program name, or null for one codev does not know (remembered either way). */
function programNamed(name: string): DescribeProgram | null {
  let found = PROGRAMS.get(name);
  if (found !== undefined) return found;
  const language = interpreterOf(name);
  found = language ? describeInterpreter(language) : null;
  if (PROGRAMS.size < MAX_PROGRAMS) PROGRAMS.set(name, found);
  return found;
}

/**
 * What a command (its wrapper-stripped argv) does with files and code, from codev's knowledge of the
 * program (`/usr/bin/cat` is `cat`). An unknown program is not read-only, and every word it is given that
 * could name a file (an operand, or the value of a `--name=value` option) is a `possible` read, so that
 * `make .env` still meets a `Read(.env)` deny rule; it may reach any other file too (`unnamedFiles`).
 */
export function describeProgram(argv: readonly ShellWord[]): DescribedProgram {
  const name = argv[0];
  if (!name || name.dynamic) return described(false, { readOnly: false, files: [], unnamedFiles: 'its program is only known at run time' }, []);
  const base = commandBaseName(name.value);
  const describe = programNamed(base);
  const args = argv.slice(1);
  if (describe) return described(true, describe(args), args);
  return described(false, { readOnly: false, files: args.flatMap(possibleFile), unnamedFiles: `"${base}" is a program codev does not describe, which may read or write any file` }, args);
}

/**
 * One object shape for every description, so the code reading them stays monomorphic. A whole process
 * substitution (`diff <(cat a) b`) is no file: it is a pipe from commands analyzed on their own. Every
 * glob also shows names: of the folder it is expanded in and of what it matches (see {@link globListings}).
 */
function described(known: boolean, effects: ProgramEffects, args: readonly ShellWord[]): DescribedProgram {
  const files = effects.files.filter((effect) => !isProcessSubstitution(effect.word));
  files.push(...globListings(args));
  return {
    known,
    readOnly: effects.readOnly,
    files,
    opaque: effects.opaque,
    scripts: effects.scripts,
    commands: effects.commands,
    unnamedFiles: effects.unnamedFiles,
    editsFiles: effects.editsFiles,
    repository: effects.repository,
    ...(effects.printsRepositoryContent ? { printsRepositoryContent: effects.printsRepositoryContent } : {}),
  };
}

function possibleFile(word: ShellWord): FileEffect[] {
  if (word.value.startsWith('-')) {
    const equals = word.value.indexOf('=');
    return equals === -1 ? [] : [{ word: { ...word, value: word.value.slice(equals + 1) }, access: 'read', via: 'possible' }];
  }
  return [{ word, access: 'read', via: 'possible' }];
}
