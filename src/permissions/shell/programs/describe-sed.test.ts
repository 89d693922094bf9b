import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { describeSed } from './describe-sed.ts';
import type { FileAccessVia, FileEffect, ProgramEffects } from './types.ts';

type Argument = string | ShellWord;

function sed(...args: Argument[]): ProgramEffects {
  return describeSed(args.map((argument) => (typeof argument === 'string' ? literalWord(argument) : argument)));
}

function dynamic(value: string): ShellWord {
  return { ...literalWord(value), dynamic: true };
}

function glob(value: string): ShellWord {
  return { ...literalWord(value), glob: true };
}

function read(word: Argument, via: FileAccessVia = 'operand'): FileEffect {
  return { word: typeof word === 'string' ? literalWord(word) : word, access: 'read', via };
}

function write(word: Argument, via: FileAccessVia = 'option'): FileEffect {
  return { word: typeof word === 'string' ? literalWord(word) : word, access: 'write', via };
}

const READ_ONLY: [args: Argument[], files: FileEffect[]][] = [
  [['-n', '1,5p', 'f'], [read('f')]],
  [['s/a/b/g', 'f'], [read('f')]],
  [['-E', 's/(a|b)+/x/2', 'f'], [read('f')]],
  [[':a;N;$!ba;s/\\n/ /g', 'f'], [read('f')]],
  [['/^#/d;s/[[:space:]]*$//', 'f'], [read('f')]],
  [['y/abc/xyz/', 'f'], [read('f')]],
  [['-n', '/start/,/end/{/x/p}', 'f'], [read('f')]],
  [['$a\\\nlast', 'f'], [read('f')]],
  [['s|/usr|/opt|', 'f'], [read('f')]],
  [['s/[/]/w F/', 'f'], [read('f')]],
  [['1a foo; w F', 'f'], [read('f')]],
  [['-n', 'p', 'f', 'g'], [read('f'), read('g')]],
  [['-e', 'p', '-e', 's/a/b/', 'f', 'g'], [read('f'), read('g')]],
  [['-ne', 'p', 'f'], [read('f')]],
  [['-nEsuzbr', 'p', 'f'], [read('f')]],
  [['--quiet', '--silent', '--regexp-extended', '--separate', '--null-data', '--zero-terminated', '--unbuffered', '--binary', '--posix', '--debug', '--sandbox', '--follow-symlinks', 'p', 'f'], [read('f')]],
  [['--qu', '--si', '--reg', '--nu', '--ze', '--un', '--bi', '--po', '--de', '--sa', '--sep', '--fo', 'p', 'f'], [read('f')]],
  [['-l', '5', 'l', 'f'], [read('f')]],
  [['-l5', 'l', 'f'], [read('f')]],
  [['--line-length=5', 'l', 'f'], [read('f')]],
  [['--line', '5', 'l', 'f'], [read('f')]],
  [['--expr=p', 'f'], [read('f')]],
  [['--expression', 'p', 'f'], [read('f')]],
  [['-n', 'p', '-', 'f'], [read('f')]],
  // `-l` takes the next word, whatever it looks like.
  [['-l', '-i', 'p', 'f'], [read('f')]],
  [['-n', '--', 'p', '-i'], [read('-i')]],
  [['p', 'f', '--', '-n'], [read('f'), read('-n')]],
  // r and R reads are reads the engine checks.
  [['1r .env', 'f'], [read('.env', 'option'), read('f')]],
  [['R /etc/passwd', 'f'], [read('/etc/passwd', 'option'), read('f')]],
  [['-n', 'r /dev/stdin', 'f'], [read('f')]],
  [['w /dev/stdout', 'f'], [read('f')]],
  [['r ~/x', 'f'], [read('./~/x', 'option'), read('f')]],
  [['-n', 'p', glob('src/*.ts')], [read(glob('src/*.ts'))]],
  [['-n', 'p', '--', dynamic('$f')], [read(dynamic('$f'))]],
  [[], []],
  [['-n'], []],
  [['--help'], []],
  [['--version'], []],
];

describe('describeSed', () => {
  it.each(READ_ONLY)('reads only: sed %j', (args, files) => {
    expect(sed(...args)).toEqual({ readOnly: true, files });
  });

  it.each([
    [['-n', '1w F', 'x']],
    [['--expression=1w F', 'x']],
    [['--expr=1w F', 'x']],
    [['--e', '1w F', 'x']],
    [['-e1w F', 'x']],
    [['-e', 'p', '-e', '1w F', 'x']],
    [['\\,re,w F', 'x']],
    [['/x/Iw F', 'x']],
    [['s/a/b/w F', 'x']],
    [['s/a/b/ g w F', 'x']],
    [['s/[/]/x/w F', 'x']],
    [['s/a/[/w F', 'x']],
    [['1a foo\nw F', 'x']],
    [['-nes/a/b/w F', 'x']],
    [['-n', 'x', '-e', 's/a/b/w F']],
    [['-n', 'x', '--expr', 'W F']],
  ])('sees the write of sed %j', (args) => {
    const effects = sed(...args);
    expect(effects.readOnly).toBe(false);
    expect(effects.files).toContainEqual(write('F'));
    expect(effects.files).toContainEqual(read('x'));
    expect(effects.editsFiles).toBeUndefined();
  });

  it('joins -e scripts with newlines', () => {
    expect(sed('-e', '1a\\', '-e', 'w F', 'x')).toEqual({ readOnly: true, files: [read('x')] });
    expect(sed('-e', '1a foo', '-e', 'w F', 'x')).toEqual({ readOnly: false, files: [write('F'), read('x')] });
  });

  it('writes the input files in place with -i, wherever -i stands', () => {
    const inPlace = { readOnly: false, files: [write('x', 'option')], editsFiles: true };
    expect(sed('-n', '-i', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('-i', '-n', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('-ni', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('--in-place', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('--in-pl', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('--i', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('--in-place=', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('-i*', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('-i.bak', '-i', 's/a/b/', 'x')).toEqual(inPlace);
    expect(sed('-i', 's/a/b/')).toEqual({ readOnly: false, files: [], editsFiles: true });
  });

  it('reads -i after the operands both ways: an option, or (with POSIXLY_CORRECT) a file', () => {
    expect(sed('s/a/b/', 'x', '-i')).toEqual({ readOnly: false, files: [write('x', 'option'), read('x'), read('-i')], editsFiles: true });
  });

  it('edits a file named - with -i', () => {
    expect(sed('-i', 's/a/b/', '-', 'f')).toEqual({ readOnly: false, files: [write('-', 'option'), write('f', 'option')], editsFiles: true });
  });

  it.each([
    [['-i.bak', 's/a/b/', 'x'], 'x.bak'],
    [['--in-place=.orig', 's/a/b/', 'x'], 'x.orig'],
    [['--in-pl=.orig', 's/a/b/', 'x'], 'x.orig'],
    [['-i~', 's/a/b/', 'x'], 'x~'],
    [['-i.bak', 's/a/b/', 'sub/x'], 'sub/x.bak'],
    // A `*` stands for the file name as given, folders included.
    [['-ibak/*', 's/a/b/', 'sub/x'], 'bak/sub/x'],
    [['-iold_*_*', 's/a/b/', 'x'], 'old_x_x'],
    [['-i*.orig', 's/a/b/', 'sub/x'], 'sub/x.orig'],
    [['-i~/*', 's/a/b/', 'x'], './~/x'],
    // The cluster's rest is the suffix: `-in` is not `-i -n`.
    [['-in', 'p', 'x'], 'xn'],
    [['-ie', 's/a/b/', 'x'], 'xe'],
    [['-si.b', 's/a/b/', 'x'], 'x.b'],
  ])('writes the backup of sed %j: %s', (args, backup) => {
    expect(sed(...args)).toEqual({ readOnly: false, files: [write(args.at(-1)!, 'option'), write(backup)], editsFiles: true });
  });

  it('keeps the flags of the words a file and its backup come from', () => {
    expect(sed('-i.bak', 's/a/b/', '--', dynamic('$f')).files).toEqual([write(dynamic('$f'), 'option'), write(dynamic('$f.bak'))]);
    expect(sed('-i.bak', 's/a/b/', glob('src/*.c')).files).toEqual([write(glob('src/*.c'), 'option'), write(glob('src/*.c.bak'))]);
    expect(sed(dynamic('-i$S'), 's/a/b/', 'x').files).toEqual([write('x', 'option'), write(dynamic('x$S'))]);
    expect(sed(glob('-i*'), 's/a/b/', 'x').files).toEqual([write('x', 'option'), write(glob('x*'))]);
    expect(sed('-i', 's/a/b/', { ...literalWord('~bob/x'), userTilde: true }).files).toEqual([write({ ...literalWord('~bob/x'), userTilde: true }, 'option')]);
    expect(sed('-i.b', 's/a/b/', { ...literalWord('~bob/x'), userTilde: true }).files[1]).toEqual(write({ ...literalWord('~bob/x.b'), userTilde: true }));
  });

  it.each([
    [['--file=script.sed', 'x'], 'script.sed'],
    [['--file', 'script.sed', 'x'], 'script.sed'],
    [['--fi=script.sed', 'x'], 'script.sed'],
    // `--f` is ambiguous to GNU sed (--file, --follow-symlinks): counted as --file.
    [['--f', 'script.sed', 'x'], 'script.sed'],
    [['-f', 'script.sed', 'x'], 'script.sed'],
    [['-fscript.sed', 'x'], 'script.sed'],
    [['-nf', 'script.sed', 'x'], 'script.sed'],
    [['--file=~/s.sed', 'x'], './~/s.sed'],
    [['-f', '~/s.sed', 'x'], '~/s.sed'],
  ])('cannot read the script of sed %j, but reads %s', (args, script) => {
    expect(sed(...args)).toMatchObject({ readOnly: false, files: [read(script, 'option'), read('x')], opaque: 'a sed script read from a file' });
  });

  it('reports what the -e scripts next to a -f script do, and no file for -f -', () => {
    expect(sed('-f', 's.sed', '-e', 'w F', 'x')).toEqual({ readOnly: false, files: [read('s.sed', 'option'), write('F'), read('x')], opaque: 'a sed script read from a file' });
    expect(sed('-f', '-', 'x')).toEqual({ readOnly: false, files: [read('x')], opaque: 'a sed script read from a file' });
  });

  it.each([
    [['s/x/y/e', 'f']],
    [['1e touch P', 'f']],
    [['-n', 'e', 'f']],
    [['-e', 'p', '-e', 's/a/b/;1e', 'f']],
  ])('finds the commands sed %j runs', (args) => {
    expect(sed(...args)).toEqual({ readOnly: false, files: [read('f')], opaque: 'a sed script that runs shell commands (e)' });
  });

  it('is opaque about a script that does not parse', () => {
    expect(sed('s/a/b', 'f')).toEqual({ readOnly: false, files: [read('f')], opaque: "a sed script that does not parse (unterminated `s' command)" });
    expect(sed('-e', 'p', '-e', '1a')).toMatchObject({ readOnly: false, opaque: "a sed script that does not parse (expected \\ after `a', `c' or `i')" });
    expect(sed('-e', '{p', '-e', 'p}', 'f')).toEqual({ readOnly: true, files: [read('f')] });
  });

  it('is opaque about a script only known at run time', () => {
    const opaque = { readOnly: false, files: [read('f')], opaque: 'a sed script only known at run time' };
    expect(sed(dynamic('$S'), 'f')).toEqual(opaque);
    expect(sed('-e', dynamic('$S'), 'f')).toEqual(opaque);
    expect(sed(glob('s/a*/b/'), 'f')).toEqual(opaque);
  });

  it.each([
    [['-X', 'p', 'f']],
    [['-V', 'p', 'f']],
    [['--unknown', 'p', 'f']],
    // Ambiguous: --silent, --sandbox, --separate.
    [['--s', 'p', 'f']],
    [['--quiet=1', 'p', 'f']],
  ])('is not read-only with an option it does not know: sed %j', (args) => {
    expect(sed(...args)).toMatchObject({ readOnly: false });
    expect(sed(...args).opaque).toBeUndefined();
  });

  it('is not read-only when an option lacks its value', () => {
    expect(sed('p', 'f', '-e')).toMatchObject({ readOnly: false });
    expect(sed('-l')).toMatchObject({ readOnly: false });
  });

  it('is not read-only when a word the shell expands may become options', () => {
    expect(sed('-n', 'p', dynamic('$f'))).toEqual({ readOnly: false, files: [read(dynamic('$f'))] });
    expect(sed('-n', 'p', glob('*.txt'))).toEqual({ readOnly: false, files: [read(glob('*.txt'))] });
    expect(sed('-n', '-l', dynamic('$n'), 'p', 'f')).toMatchObject({ readOnly: false });
    expect(sed('-n', 'p', glob('f*.txt'))).toEqual({ readOnly: true, files: [read(glob('f*.txt'))] });
  });

  it('counts the script as the first operand when POSIXLY_CORRECT stops the options there', () => {
    expect(sed('w F', '-e', 'p', 'in')).toEqual({ readOnly: false, files: [read('w F'), read('in'), write('F'), read('-e'), read('p')] });
    expect(sed('p', 'f', '-n')).toEqual({ readOnly: true, files: [read('f'), read('-n')] });
  });
});
