import { describe, expect, it } from 'vitest';
import { parseSedScript } from './parse-sed-script.ts';

/** What a script GNU sed 4.9 compiles reads (`r`, `R`), writes (`w`, `W`, `s///w`) and runs (`e`, `s///e`). */
interface Expected {
  reads?: string[];
  writes?: string[];
  executes?: boolean;
}

type Case = [script: string, expected: Expected];

const NOTHING: Expected = {};

const ADDRESSES: Case[] = [
  ['1,5p', NOTHING],
  ['1w F', { writes: ['F'] }],
  ['$w F', { writes: ['F'] }],
  ['$!w F', { writes: ['F'] }],
  ['1 ! w F', { writes: ['F'] }],
  ['/x/w F', { writes: ['F'] }],
  ['/x/Iw F', { writes: ['F'] }],
  ['/x/ I M w F', { writes: ['F'] }],
  ['/x/,/y/Mw F', { writes: ['F'] }],
  ['\\,re,w F', { writes: ['F'] }],
  ['\\,a\\,b,w F', { writes: ['F'] }],
  ['\\|x|Iw F', { writes: ['F'] }],
  ['0,/x/w F', { writes: ['F'] }],
  ['0~4w F', { writes: ['F'] }],
  ['1~2w F', { writes: ['F'] }],
  ['1 ~ 2 , + 3 w F', { writes: ['F'] }],
  ['2,~4w F', { writes: ['F'] }],
  ['1,+3w F', { writes: ['F'] }],
  // A `~` or `+` without digits leaves the address alone.
  ['1~p', NOTHING],
  ['+0p', NOTHING],
  ['0r header', { reads: ['header'] }],
  ['/x/i\\', NOTHING],
  ['/x/,/y/{/z/p}', NOTHING],
];

const SEPARATORS: Case[] = [
  ['p;w F', { writes: ['F'] }],
  ['p\nw F', { writes: ['F'] }],
  [';; p ;\n\t w F', { writes: ['F'] }],
  ['{p};w F', { writes: ['F'] }],
  ['{w F\n}', { writes: ['F'] }],
  ['1{ p }', NOTHING],
  ['{{p}}', NOTHING],
  ['p # w F', NOTHING],
  ['# w F', NOTHING],
  ['#n\nw F', { writes: ['F'] }],
  ['=;d;D;F;g;G;h;H;n;N;P;x;z', NOTHING],
  ['l;l 5;q;Q 2;1q5', NOTHING],
  ['v;v 4.2 w F', { writes: ['F'] }],
  ['/^#/d;s/[[:space:]]*$//', NOTHING],
];

const LABELS: Case[] = [
  [':a;N;$!ba;s/\\n/ /g', NOTHING],
  // A label ends at `;`, a blank, `}` or `#`: what follows is the next command.
  [':a;w F', { writes: ['F'] }],
  [':a w F', { writes: ['F'] }],
  ['ba w F\n:a', { writes: ['F'] }],
  ['b end; w F\n:end', { writes: ['F'] }],
  ['{ba};:a', NOTHING],
  [':a#w F', NOTHING],
  ['b;w F', { writes: ['F'] }],
  ['t\nw F', { writes: ['F'] }],
  ['T x;:x', NOTHING],
  [':a{;ba{', NOTHING],
];

const SUBSTITUTIONS: Case[] = [
  ['s/a/b/g', NOTHING],
  ['s|/usr|/opt|', NOTHING],
  ['s/(a|b)+/x/2', NOTHING],
  ['s/a/b/w F', { writes: ['F'] }],
  ['s/a/b/ g w F', { writes: ['F'] }],
  ['s/a/b/gwF', { writes: ['F'] }],
  ['s/a/b/Ipw F G', { writes: ['F G'] }],
  ['s/a/b/3gw F', { writes: ['F'] }],
  ['s/a/b/w /dev/stdout', NOTHING],
  ['s/a/b/;w F', { writes: ['F'] }],
  ['s/a/b/#w F', NOTHING],
  ['{s/a/b/}', NOTHING],
  ['s/x/y/e', { executes: true }],
  ['s/x/y/pe', { executes: true }],
  ['s/x/y/mMiIe', { executes: true }],
  // Escaped delimiters and newlines stay inside the regex or the replacement.
  ['s/a\\/b/w F/', NOTHING],
  ['s,a\\,b,c,w F', { writes: ['F'] }],
  ['s/a\\\n/b/w F', { writes: ['F'] }],
  ['s/a/b\\\nw F/', NOTHING],
  ['s/a\\nb/c/w F', { writes: ['F'] }],
  // Any delimiter: a blank, a backslash, a letter.
  ['s a b w F', { writes: ['F'] }],
  ['s\\a\\b\\w F', { writes: ['F'] }],
  ['sxaxbxw F', { writes: ['F'] }],
  ['s[a[b[w F', { writes: ['F'] }],
];

const BRACKETS: Case[] = [
  // In the regex, a delimiter inside `[...]` does not end it.
  ['s/[/]/w F/', NOTHING],
  ['s/[/]/x/w F', { writes: ['F'] }],
  ['s|a[|]|x|w F', { writes: ['F'] }],
  ['s/[]/]/x/w F', { writes: ['F'] }],
  ['s/[^]/]/x/w F', { writes: ['F'] }],
  ['s/[[:alpha:]/]/x/w F', { writes: ['F'] }],
  ['s/[[./.]]/x/w F', { writes: ['F'] }],
  ['s/[[=/=]]/x/w F', { writes: ['F'] }],
  // No escapes inside brackets: `[\]` is a backslash.
  ['s/[\\]/x/w F', { writes: ['F'] }],
  ['s/\\[/x/w F', { writes: ['F'] }],
  ['/[/]/w F', { writes: ['F'] }],
  ['\\,[,],w F', { writes: ['F'] }],
  // The replacement knows no brackets.
  ['s/a/[/w F', { writes: ['F'] }],
  ['y/[/]/', NOTHING],
];

const TRANSLATIONS: Case[] = [
  ['y/abc/xyz/', NOTHING],
  ['y/a\\/b/x|y/;w F', { writes: ['F'] }],
  ['y/a\\\\b/xyz/', NOTHING],
  ['y/a\\nb/xyz/', NOTHING],
  ['y/\\x41\\d065\\o101\\cA/abcd/', NOTHING],
  ['y/é/e/', NOTHING],
  ['y,a\\,,bc,', NOTHING],
];

const TEXTS: Case[] = [
  // The GNU one-line form: the text runs to the end of the line, `;` included.
  ['1a foo; w F', NOTHING],
  ['1i foo\nw F', { writes: ['F'] }],
  ['1c}', NOTHING],
  ['$a\\\nlast', NOTHING],
  ['$a\\\nlast\nw F', { writes: ['F'] }],
  ['1a\\\nfoo\\\nw F', NOTHING],
  ['1a foo\\\nw F', NOTHING],
  ['1a foo\\\\\nw F', { writes: ['F'] }],
  ['1a foo\\\\\\\nw F', NOTHING],
  ['1a\\foo\nw F', { writes: ['F'] }],
  // After `a\`, the next character is text as is: a second backslash escapes nothing.
  ['1a\\\\\nw F', { writes: ['F'] }],
  ['1a\\\\\\\nw F', NOTHING],
  ['1a\\  \nw F', { writes: ['F'] }],
  ['a\nw F', { writes: ['F'] }],
  ['1a\\', NOTHING],
  ['1e touch P', { executes: true }],
  ['1e;w F', { executes: true }],
  ['e\nw F', { executes: true, writes: ['F'] }],
  ['e touch P\\\nw F', { executes: true }],
  ['1{e\n}', { executes: true }],
];

const FILES: Case[] = [
  ['1r .env', { reads: ['.env'] }],
  ['R /etc/passwd', { reads: ['/etc/passwd'] }],
  ['r /dev/stdin', NOTHING],
  ['R /dev/stdin', NOTHING],
  ['w /dev/stdout', NOTHING],
  ['W /dev/stderr', NOTHING],
  ['w /dev/stdin', { writes: ['/dev/stdin'] }],
  // A file name is the rest of the line, after blanks.
  ['w  F G ; H', { writes: ['F G ; H'] }],
  ['1r a}\n2W b#c', { reads: ['a}'], writes: ['b#c'] }],
  ['{r x\n}', { reads: ['x'] }],
  ['w F\nw G\nr H', { reads: ['H'], writes: ['F', 'G'] }],
];

const REJECTED: [script: string, message: string][] = [
  ['s/a/b', "unterminated `s' command"],
  ['s/a/b\n/', "unterminated `s' command"],
  ['s/[/]/x', "unterminated `s' command"],
  ['s/[[:/]/x/', "unterminated `s' command"],
  ['s][a]b]', "unterminated `s' command"],
  ['s\na\nb\n', "unterminated `s' command"],
  ['s', "unterminated `s' command"],
  ['séaébé', 'delimiter character is not a single-byte character'],
  ['/x', 'unterminated address regex'],
  ['\\', 'unterminated address regex'],
  ['y/ab/xyz/', "strings for `y' command are different lengths"],
  ['y/a/b', "unterminated `y' command"],
  ['y/a/b/p', 'extra characters after command'],
  ['pp', 'extra characters after command'],
  ['p x', 'extra characters after command'],
  ['{p}{p}', 'extra characters after command'],
  ['l 5 x', 'extra characters after command'],
  ['{p', "unmatched `{'"],
  ['p}', "unexpected `}'"],
  ['b a}', "unexpected `}'"],
  ['1,2q', 'command only uses one address'],
  ['0p', 'invalid usage of line address 0'],
  ['0,5p', 'invalid usage of line address 0'],
  ['+3p', 'invalid usage of +N or ~N as first address'],
  ['1!!p', "multiple `!'s"],
  ['1,p', "unexpected `,'"],
  ['w', 'missing filename in r/R/w/W commands'],
  ['r   ', 'missing filename in r/R/w/W commands'],
  ['s/a/b/w', 'missing filename in r/R/w/W commands'],
  ['s/a/b/pp', "multiple `p' options to `s' command"],
  ['s/a/b/gg', "multiple `g' options to `s' command"],
  ['s/a/b/2g3', "multiple number options to `s' command"],
  ['s/a/b/0', "number option to `s' command may not be zero"],
  ['s/a/b/k', "unknown option to `s'"],
  ['k', 'unknown command: `k\''],
  ['1;p', "unknown command: `;'"],
  ['1', 'missing command'],
  [':', '":" lacks a label'],
  [': ;p', '":" lacks a label'],
  ['1:a', ": doesn't want any addresses"],
  ['1#x', "comments don't accept any addresses"],
  ['1}', "unexpected `}'"],
  ['ba', "can't find label for jump to `a'"],
  ['b a ; w F', "can't find label for jump to `a'"],
  ['1a', "expected \\ after `a', `c' or `i'"],
  ['v 9.0', 'expected newer version of sed'],
];

function expectEffects(script: string, expected: Expected): void {
  expect(parseSedScript(script)).toEqual({ ok: true, reads: expected.reads ?? [], writes: expected.writes ?? [], executes: expected.executes ?? false });
}

describe('parseSedScript', () => {
  it.each(ADDRESSES)('reads the addresses of %j', expectEffects);
  it.each(SEPARATORS)('separates the commands of %j', expectEffects);
  it.each(LABELS)('ends the labels of %j where GNU sed does', expectEffects);
  it.each(SUBSTITUTIONS)('reads the s command %j', expectEffects);
  it.each(BRACKETS)('reads the bracket expressions of %j', expectEffects);
  it.each(TRANSLATIONS)('reads the y command %j', expectEffects);
  it.each(TEXTS)('ends the text of %j where GNU sed does', expectEffects);
  it.each(FILES)('takes the file names of %j', expectEffects);
  it.each(REJECTED)('rejects %j: %s', (script, message) => {
    expect(parseSedScript(script)).toEqual({ ok: false, message });
  });
});
