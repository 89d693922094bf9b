import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, type ShellAnalysis, type SimpleCommand } from './analyze-shell-command.ts';

async function analyze(command: string): Promise<Extract<ShellAnalysis, { ok: true }>> {
  const analysis = await analyzeShellCommand(command);
  if (!analysis.ok) throw new Error(`expected ${JSON.stringify(command)} to parse: ${analysis.message}`);
  return analysis;
}

async function texts(command: string): Promise<string[]> {
  return (await analyze(command)).commands.map((entry) => entry.text).sort();
}

async function only(command: string): Promise<SimpleCommand> {
  const { commands } = await analyze(command);
  expect(commands).toHaveLength(1);
  return commands[0]!;
}

describe('analyzeShellCommand: compounds', () => {
  it.each([
    ['a && b || c; d | e |& f & g\nh', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
    ['(a; b) && { c; }', ['a', 'b', 'c']],
    ['if a; then b; elif c; then d; else e; fi', ['a', 'b', 'c', 'd', 'e']],
    ['while a; do b; done; until c; do d; done', ['a', 'b', 'c', 'd']],
    ['for x in 1 2; do a; done; for ((i = 0; i < 3; i++)); do b; done', ['a', 'b']],
    ['case $x in a) b;; *) c;; esac', ['b', 'c']],
    ['f() { a; }; function g { b; }; f', ['a', 'b', 'f']],
    ['! a', ['a']],
  ])('%j → %j', async (command, expected) => {
    expect(await texts(command)).toEqual([...expected].sort());
  });

  it('reports background jobs, also for a list sent to the background as a whole', async () => {
    expect((await analyze('b || c & d')).background).toBe(true);
    expect((await analyze('sleep 1 &')).background).toBe(true);
    expect((await analyze('a && b')).background).toBe(false);
  });

  it('treats [ ] and [[ ]] as commands', async () => {
    expect(await texts('[ -f x ] && [[ $a == b ]]')).toEqual(['[ -f x ]', '[[ $a == b ]]']);
  });

  it('makes bare assignments a command without argv (they change what later commands see)', async () => {
    expect(await only('PATH=/tmp')).toMatchObject({ argv: [], text: '', assignments: [{ name: 'PATH', value: '/tmp' }] });
  });

  it('does not count comments', async () => {
    expect(await texts('ls # && rm -rf /')).toEqual(['ls']);
  });
});

describe('analyzeShellCommand: substitutions and nested shells', () => {
  it('recurses into $( ), backticks and process substitutions wherever they are', async () => {
    const { commands } = await analyze('echo "$(a)" `b` <(c) >(d) x=$(e) ${v:-$(h)} $((1 + $(i))) > "$(f)"; cat <<< "$(g)"');
    const byText = Object.fromEntries(commands.map((entry) => [entry.text, entry.origin]));
    expect(byText).toMatchObject({
      a: 'command-substitution',
      b: 'command-substitution',
      c: 'process-substitution',
      d: 'process-substitution',
      e: 'command-substitution',
      f: 'command-substitution',
      g: 'command-substitution',
      h: 'command-substitution',
      i: 'command-substitution',
    });
  });

  it('reads backticks the way bash does, unescaping before parsing', async () => {
    expect(await texts('echo `echo \\`id\\``')).toEqual(['echo `echo \\`id\\``', 'echo `id`', 'id'].sort());
    expect(await texts('echo `echo "\\$(id)"`')).toContain('id');
  });

  it('parses bash -c, sh -c and eval bodies', async () => {
    const { commands } = await analyze("bash -c 'a && b' ; sh -lc \"c\"; eval 'd; e'");
    expect(commands.filter((entry) => entry.origin === 'shell-c').map((entry) => entry.text)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(commands.find((entry) => entry.argv[0] === 'bash')).toMatchObject({ dynamic: false, origin: 'top' });
  });

  it('marks a shell whose script is not static as dynamic', async () => {
    expect((await analyze('bash -c "$SCRIPT"')).commands[0]).toMatchObject({ dynamic: true });
    expect((await analyze('eval $x')).commands[0]).toMatchObject({ dynamic: true });
  });

  it('reads the commands of an unquoted heredoc body, but never the body itself', async () => {
    expect(await texts('cat <<EOF\nrm -rf /\n$(whoami)\nEOF')).toEqual(['cat', 'whoami']);
    expect(await texts("cat <<'EOF'\n$(whoami)\nEOF")).toEqual(['cat']);
    expect(await texts('cat <<EOF && rm x\nbody\nEOF')).toEqual(['cat', 'rm x']);
  });
});

describe('analyzeShellCommand: words', () => {
  it.each([
    ["r'm' -rf", ['rm', '-rf']],
    ['\\rm x', ['rm', 'x']],
    ['"rm" "a b" \'c d\'', ['rm', 'a b', 'c d']],
    ["$'\\x72m' $'a\\tb'", ['rm', 'a\tb']],
    ['echo "a\\"b\\$c\\\\d\\e"', ['echo', 'a"b$c\\d\\e']],
    ['echo x\\ y \\;', ['echo', 'x y', ';']],
    ['echo $"hello"', ['echo', 'hello']],
    ['rm \\\n  -rf /', ['rm', '-rf', '/']],
    ['echo "$HOME/x"', ['echo', '$HOME/x']],
  ])('%j → %j', async (command, argv) => {
    expect((await only(command)).argv).toEqual(argv);
  });

  it('marks expansions in the name or an argument as dynamic, and globs only in the name', async () => {
    expect((await only('$(echo rm) -rf /'.replace('$(echo rm)', '$CMD'))).dynamic).toBe(true);
    expect((await only('echo $HOME')).dynamic).toBe(true);
    expect((await only('ls *.ts')).dynamic).toBe(false);
    expect((await only('/bin/r? x')).dynamic).toBe(true);
    expect((await only('echo {a,b}')).dynamic).toBe(true);
    expect((await only('find . -exec rm {} +'.split(' -exec')[0]!)).dynamic).toBe(false);
    const substituted = (await analyze('$(echo rm) -rf /')).commands.find((entry) => entry.origin === 'top');
    expect(substituted).toMatchObject({ dynamic: true, text: '$(echo rm) -rf /' });
  });
});

describe('analyzeShellCommand: wrappers', () => {
  it('strips wrappers and assignments from argv and keeps them in rawArgv', async () => {
    expect(await only('FOO=1 sudo timeout 5 nice -n 2 rm -rf x')).toMatchObject({
      argv: ['rm', '-rf', 'x'],
      rawArgv: ['sudo', 'timeout', '5', 'nice', '-n', '2', 'rm', '-rf', 'x'],
      assignments: [{ name: 'FOO', value: '1' }],
      text: 'rm -rf x',
      wrappers: ['sudo', 'timeout', 'nice'],
      origin: 'top',
    });
  });

  it('strips the time keyword with the assignments it may precede, and coproc', async () => {
    expect(await only('time -p FOO=1 rm x')).toMatchObject({ argv: ['rm', 'x'], assignments: [{ name: 'FOO', value: '1' }] });
    expect(await only('coproc rm x')).toMatchObject({ argv: ['rm', 'x'], wrappers: ['coproc'] });
    expect(await only('"for" x')).toMatchObject({ argv: ['for', 'x'] });
  });

  it('makes what xargs runs a wrapper command that gets more arguments', async () => {
    const { commands } = await analyze('find . -name x | xargs -0 rm -f');
    expect(commands[1]).toMatchObject({ text: 'rm -f', origin: 'wrapper', appendedArguments: true });
  });

  it('adds what find -exec runs, keeping find', async () => {
    expect(await texts('find . -exec rm {} \\; -execdir chmod +x {} +')).toEqual(
      ['chmod +x {}', 'find . -exec rm {} ; -execdir chmod +x {} +', 'rm {}'].sort(),
    );
  });

  it('treats a shell started by xargs or find -exec as opaque (file names end up in its script)', async () => {
    const { commands } = await analyze("find . -exec sh -c 'echo {}' \\; ; xargs -I{} bash -c 'echo {}'");
    expect(commands.filter((entry) => entry.argv[0] === 'sh' || entry.argv[0] === 'bash').map((entry) => entry.opaque)).toEqual([expect.any(String), expect.any(String)]);
  });
});

describe('analyzeShellCommand: redirects', () => {
  it('lists file writes, not fd duplications or /dev/null', async () => {
    const { writes } = await analyze('a > out 2>> err &> both >| clobber 2>&1 >/dev/null; b >&file; c < in; d <<< s');
    expect(writes.map((write) => `${write.operator} ${write.target}`)).toEqual(['> out', '2>> err', '&> both', '>| clobber', '>& file']);
  });

  it('attaches redirects to their command and marks unresolvable targets', async () => {
    const command = await only('echo hi > "$OUT"');
    expect(command.redirects).toEqual([{ operator: '>', target: '$OUT', static: false, directories: ['.'] }]);
    expect((await analyze('echo > *.txt')).writes[0]).toMatchObject({ static: false });
    expect((await analyze('echo > ~/x')).writes[0]).toMatchObject({ target: '~/x', static: true });
  });

  it('keeps the descriptor tree-sitter lends to the previous redirect out of argv', async () => {
    expect(await only('cat <&0 0<in')).toMatchObject({ argv: ['cat'] });
  });

  it('finds writes of compound statements and words tree-sitter puts after a target', async () => {
    expect((await analyze('{ a; b; } > out')).writes).toHaveLength(1);
    expect(await only('ls >f -la')).toMatchObject({ argv: ['ls', '-la'], redirects: [{ operator: '>', target: 'f' }] });
  });
});

describe('analyzeShellCommand: failing closed', () => {
  it.each([
    ['', 'empty'],
    ['   \n ', 'empty'],
    ['echo "unterminated', 'parse-error'],
    ['ls |', 'parse-error'],
    ['a && && b', 'parse-error'],
    ["bash -c 'echo \"x'", 'parse-error'],
    ['[ a > b ]', 'parse-error'],
    [`echo ${'a'.repeat(10_001)}`, 'too-long'],
    [Array.from({ length: 51 }, () => 'a').join('; '), 'too-many-commands'],
    ['echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo x)))))))))', 'too-deep'],
    [`${'('.repeat(300)}a${')'.repeat(300)}`, 'too-deep'],
  ])('%j → %s', async (command, reason) => {
    expect(await analyzeShellCommand(command)).toMatchObject({ ok: false, reason });
  });

  it.each([
    ['! for i in 1; do rm x; done', 'a keyword read as a command name'],
    ['time { rm x; }', 'a keyword after time'],
    ['time time -p ! rm x', 'a keyword after time time -p'],
    ['a\n\\rm x', 'a newline lexed into a word'],
    ['cat <<EOF\nx\n EOF\nrm x\nEOF', 'a heredoc ended early'],
    ['cat <<-EOF\n\t$(rm x)\n\tEOF', 'a heredoc substitution tree-sitter skipped'],
  ])('refuses %j (%s)', async (command) => {
    expect(await analyzeShellCommand(command)).toMatchObject({ ok: false, reason: 'parse-error' });
  });

  it('accepts exactly the limits', async () => {
    expect((await analyzeShellCommand(Array.from({ length: 50 }, () => 'a').join('; '))).ok).toBe(true);
    expect((await analyzeShellCommand('echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo x))))))))')).ok).toBe(true);
  });

  it('survives a long chain without blowing the stack', async () => {
    expect(await analyzeShellCommand(Array.from({ length: 3_000 }, () => 'a').join('&&'))).toMatchObject({ ok: false, reason: 'too-many-commands' });
  });
});
