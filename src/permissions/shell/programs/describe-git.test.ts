import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { describeGit } from './describe-git.ts';
import type { ProgramEffects } from './types.ts';

/** A word as the parser gives it: `$…` is an expansion, `*` alone an unquoted glob, anything else literal. */
function word(text: string): ShellWord {
  if (text.startsWith('$')) return { ...literalWord(text), dynamic: true };
  return text === '*' ? { ...literalWord(text), glob: true } : literalWord(text);
}

interface Summary {
  readOnly: boolean;
  /** `access via path [recursive] [glob] [dynamic]`. */
  files?: string[];
  opaque?: string;
  scripts?: string[];
  commands?: string[][];
  editsFiles?: boolean;
  repository?: string;
}

function summarize(effects: ProgramEffects): Summary {
  const flags = (effect: ProgramEffects['files'][number]) => [effect.recursive && 'recursive', effect.word.glob && 'glob', effect.word.dynamic && 'dynamic'].filter(Boolean);
  return {
    readOnly: effects.readOnly,
    files: effects.files.map((effect) => [effect.access, effect.via, effect.word.value, ...flags(effect)].join(' ')),
    ...(effects.opaque ? { opaque: effects.opaque } : {}),
    ...(effects.scripts ? { scripts: effects.scripts.map((script) => script.value) } : {}),
    ...(effects.commands ? { commands: effects.commands.map((command) => command.map((part) => part.value)) } : {}),
    ...(effects.editsFiles ? { editsFiles: true } : {}),
    repository: effects.repository?.directory ?? '(none)',
  };
}

interface Case {
  name: string;
  shapes: string[][];
  expected: Summary;
}

function run(cases: readonly Case[]): void {
  for (const { name, shapes, expected } of cases) {
    it.each(shapes.map((shape) => [shape.join(' '), shape] as const))(`${name}: git %s`, (_, shape) => {
      const summary = summarize(describeGit(shape.map(word)));
      // `-C dir` is also a read of dir (checked on its own below): leave it out of the table's files.
      const files = summary.files?.filter((file) => file.replace(/ (dynamic|glob)$/, '') !== `read operand ${summary.repository}` || summary.repository === '.');
      expect({ ...summary, files }).toEqual({ files: [], repository: '.', ...expected });
    });
  }
}

const CONFIGURATION = 'git -c sets configuration that can run programs';
const UPLOAD_PACK = 'git runs the program given to --upload-pack';
const GREP_PAGER = 'git grep -O runs the given program on the matching files';
const GREP_PAGER_LONG = 'git grep --open-files-in-pager runs the given program on the matching files';

describe('describeGit: -C', () => {
  it('reads the folder it moves to (outside the working directories, that needs Read there)', () => {
    expect(summarize(describeGit(['-C', '../other', 'log', '-p'].map(word))).files).toEqual(['read operand ../other']);
    expect(summarize(describeGit(['log', '-p'].map(word))).files).toEqual([]);
  });
});

describe('describeGit: global options', () => {
  run([
    { name: '-C moves the repository, relative paths composing', shapes: [['-C', 'vendor/evil', 'status'], ['-C', 'vendor', '-C', 'evil', 'status'], ['-C', './vendor', '-C', 'evil/', 'status'], ['-C', '', '-C', 'vendor/evil', 'status']], expected: { readOnly: true, repository: 'vendor/evil' } },
    { name: 'an absolute -C starts over', shapes: [['-C', 'a', '-C', '/srv/repo', 'log'], ['-C', '/srv/repo', 'log']], expected: { readOnly: true, repository: '/srv/repo' } },
    { name: '-C keeps `..` (a symbolic link is not undone by it)', shapes: [['-C', 'sub', '-C', '..', 'status']], expected: { readOnly: true, repository: 'sub/..' } },
    { name: '-c and --config-env set configuration that runs programs', shapes: [['-c', 'core.pager=touch P', 'log'], ['-c', 'alias.x=!touch P', 'x'], ['--config-env=core.pager=PAGER', 'log'], ['--config-env', 'core.pager=PAGER', 'log'], ['-c', 'x=y']], expected: { readOnly: false, opaque: CONFIGURATION } },
    { name: '--exec-path=DIR runs git commands from DIR', shapes: [['--exec-path=/tmp/x', 'status']], expected: { readOnly: false, opaque: 'git --exec-path runs git commands from another folder' } },
    { name: 'another repository than the one discovered', shapes: [['--git-dir=x', 'status'], ['--git-dir', 'x', 'status'], ['--work-tree=x', 'status'], ['--bare', 'status'], ['--namespace', 'x', 'log'], ['--super-prefix=x', 'status']], expected: { readOnly: false } },
    { name: 'harmless global options', shapes: [['--no-pager', 'diff'], ['-P', 'log'], ['-p', 'status'], ['--no-optional-locks', 'status'], ['--literal-pathspecs', '--no-replace-objects', 'status']], expected: { readOnly: true } },
    { name: 'options that print and exit, and git alone', shapes: [['--version'], ['-v'], ['--exec-path'], ['--html-path'], ['--help'], []], expected: { readOnly: true } },
    { name: 'global options git does not know (it takes no abbreviation, no attached -C)', shapes: [['--no-p', 'status'], ['--git-d=x', 'status'], ['-Csub', 'status'], ['--list-cmds=main']], expected: { readOnly: false } },
    { name: 'a -C known only at run time', shapes: [['-C', '$DIR', 'status']], expected: { readOnly: false, repository: '$DIR' } },
    { name: 'a subcommand known only at run time, an alias, a subcommand that changes things', shapes: [['$CMD'], ['lg'], ['fetch'], ['push', 'origin', 'main'], ['commit', '-m', 'x'], ['ls-remote', 'origin'], ['constructor', '-x'], ['__proto__'], ['toString']], expected: { readOnly: false } },
    { name: 'help opens the manual, maybe in a browser', shapes: [['help', 'log'], ['help', '-w', 'log'], ['--help', 'log'], ['-h', 'log'], ['log', '--help'], ['status', '--hel']], expected: { readOnly: false } },
    { name: 'help alone lists the commands', shapes: [['help']], expected: { readOnly: true } },
  ]);
});

describe('describeGit: read-only subcommands', () => {
  run([
    { name: 'status', shapes: [['status'], ['status', '--short'], ['status', '-sb'], ['--no-pager', 'status', '--porcelain=v2']], expected: { readOnly: true } },
    { name: 'listing and plumbing without paths', shapes: [['rev-parse', '--show-toplevel'], ['ls-files', '-z'], ['describe', '--tags'], ['for-each-ref', '--format=%(refname)'], ['merge-base', 'HEAD', 'main'], ['count-objects', '-v'], ['version'], ['var', 'GIT_EDITOR']], expected: { readOnly: true } },
    { name: 'log paths are possible reads', shapes: [['log', '--oneline', '-5', '--', 'src'], ['log', '-n', '5', 'src'], ['log', '--author', 'me', '--', 'src'], ['whatchanged', 'src']], expected: { readOnly: true, files: ['read possible src'] } },
    { name: 'revisions and paths before `--`, read as paths (fail closed)', shapes: [['diff', 'HEAD~1', '--stat'], ['log', 'HEAD~1'], ['rev-list', 'HEAD~1']], expected: { readOnly: true, files: ['read possible HEAD~1'] } },
    { name: 'the path of REV:path', shapes: [['show', 'HEAD:README.md'], ['show', ':README.md'], ['show', ':0:README.md'], ['cat-file', '-p', 'HEAD:README.md'], ['cat-file', 'blob', 'main:README.md']], expected: { readOnly: true, files: ['read possible README.md'] } },
    { name: 'files read by deny-rule-worthy subcommands', shapes: [['diff', '.env'], ['blame', '.env'], ['diff', '--', '.env'], ['log', '-p', '--', ':(top).env'], ['status', ':/.env'], ['ls-files', '.env'], ['check-ignore', '.env']], expected: { readOnly: true, files: ['read possible .env'] } },
    { name: 'pathspecs are globs to git, quoted or not', shapes: [['log', '--', '*.env'], ['ls-files', '*.env']], expected: { readOnly: true, files: ['read possible *.env glob'] } },
    { name: 'harmless negations and look-alikes of dangerous options', shapes: [['diff', '--no-ext-diff'], ['diff', '--no-textconv'], ['diff', '--text'], ['diff', '--output-indicator-new=+'], ['log', '-1', '--exit-code'], ['grep', '-o', '-e', 'x']], expected: { readOnly: true } },
    { name: 'branch listing forms', shapes: [['branch'], ['branch', '-a'], ['branch', '--show-current'], ['branch', '-vv'], ['branch', '--list', 'feat*'], ['branch', '-r', '--contains', 'HEAD'], ['branch', '--merged'], ['branch', '--li'], ['branch', '--sort=-committerdate', '--format', '%(refname)']], expected: { readOnly: true } },
    { name: 'tag listing forms', shapes: [['tag'], ['tag', '-l', 'v*'], ['tag', '--list'], ['tag', '-n'], ['tag', '-n5', 'v*'], ['tag', '--contains', 'HEAD'], ['tag', '--points-at', 'HEAD', 'v1'], ['tag', '-v', 'v1']], expected: { readOnly: true } },
    { name: 'remote listing forms', shapes: [['remote'], ['remote', '-v'], ['remote', 'show', 'origin'], ['remote', 'show', '-n', 'origin'], ['remote', 'get-url', '--push', 'origin']], expected: { readOnly: true } },
    { name: 'config get and list forms', shapes: [['config', '--get', 'user.name'], ['config', 'user.name'], ['config', '--list', '--show-origin'], ['config', '-l'], ['config', '--li'], ['config', '--get-a', 'remote.origin.url'], ['config', '--global', '--get-regexp', '^user'], ['config', '--name-only', '-l'], ['config', '--type=bool', 'core.bare']], expected: { readOnly: true } },
    { name: 'config reads the file it is pointed at', shapes: [['config', '-f', '.env', '--list'], ['config', '--file=.env', '-l'], ['config', '-lf', '.env']], expected: { readOnly: true, files: ['read option .env'] } },
    { name: 'stash, reflog and worktree listing forms', shapes: [['stash', 'list'], ['stash', 'show', '-p'], ['stash', 'show', 'stash@{1}'], ['reflog'], ['reflog', 'show', 'HEAD'], ['reflog', '--oneline', '-3'], ['reflog', 'exists', 'HEAD'], ['worktree', 'list'], ['worktree', 'list', '--porcelain', '-z']], expected: { readOnly: true } },
    { name: '-C sub: paths are relative to sub', shapes: [['-C', 'sub', 'log', '--', 'x']], expected: { readOnly: true, files: ['read possible sub/x'], repository: 'sub' } },
  ]);
});

describe('describeGit: options that write, read or run', () => {
  run([
    { name: '--output writes its value, through any abbreviation', shapes: [['diff', '--output=F'], ['diff', '--out=F'], ['diff', '--output', 'F'], ['log', '--output', 'F'], ['show', '--ou=F'], ['rev-list', '--output=F'], ['log', '--grep', '--output=F']], expected: { readOnly: false, files: ['write option F'] } },
    { name: '--output after -C', shapes: [['-C', 'sub', 'diff', '--output=F']], expected: { readOnly: false, files: ['write option sub/F'], repository: 'sub' } },
    { name: 'external diff and textconv programs from configuration', shapes: [['diff', '--ext-diff'], ['log', '-p', '--ext'], ['diff', '--textconv'], ['show', '--textc'], ['grep', '--textconv', '-e', 'x'], ['cat-file', '--filters', 'HEAD']], expected: { readOnly: false } },
    { name: 'grep pager options run a program', shapes: [['grep', '-O', 'x'], ['grep', '--open-files-in-pager', 'x']], expected: { readOnly: false } },
    { name: 'grep -O with a program', shapes: [['grep', '-Otouch P', 'x'], ['grep', '-iOtouch P', 'x']], expected: { readOnly: false, opaque: GREP_PAGER } },
    { name: 'grep --open-files-in-pager with a program', shapes: [['grep', '--open-files-in-pager=touch P', 'x'], ['grep', '--open=touch P', 'x']], expected: { readOnly: false, opaque: GREP_PAGER_LONG } },
    { name: 'programs given to transports', shapes: [['ls-remote', '--upload-pack=touch P', '.'], ['ls-remote', '--upload=touch P', '.'], ['ls-remote', '--u=touch P', '.'], ['fetch', '--upload-pack', 'touch P', '.'], ['log', '--upload-pack=x'], ['clone', '-u', 'touch P', 'src', 'dst'], ['clone', '-qu', 'touch P', 'src', 'dst']], expected: { readOnly: false, opaque: UPLOAD_PACK } },
    { name: 'files read through options', shapes: [['blame', '--contents', '.env', 'a.txt'], ['blame', '--cont', '.env', 'a.txt'], ['blame', '-S', '.env', 'a.txt'], ['blame', '--ignore-revs-file=.env', 'a.txt']], expected: { readOnly: true, files: ['read option .env', 'read possible a.txt'] } },
    { name: 'diff -O reads an order file; grep -f a pattern file', shapes: [['diff', '-O.env'], ['log', '-p', '-O', '.env'], ['grep', '-f', '.env'], ['ls-files', '-X', '.env'], ['ls-files', '--exclude-from=.env']], expected: { readOnly: true, files: ['read option .env'] } },
    { name: 'log -L reads its file', shapes: [['log', '-L1,5:.env'], ['log', '-L', ':main:.env']], expected: { readOnly: true, files: ['read possible .env'] } },
    { name: 'grep: the pattern is no file, the paths are', shapes: [['grep', 'TOKEN', '--', 'src'], ['grep', '-e', 'TOKEN', 'src'], ['grep', '-ie', 'TOKEN', 'src'], ['grep', '-n', 'TOKEN', 'src']], expected: { readOnly: true, files: ['read possible src'] } },
    { name: 'a word known only at run time may be an option', shapes: [['log', '$FLAGS'], ['diff', '*'], ['log', '--grep', '--', '$X'], ['log', '--frobnicate', '--', '$X'], ['branch', '$X'], ['config', '$X']], expected: { readOnly: false, files: expect.any(Array) as unknown as string[] } },
    { name: 'after a trusted `--`, a word known only at run time is a path', shapes: [['log', '--', '$FILE'], ['log', '--oneline', '--', '$FILE'], ['diff', 'HEAD', '--', '$FILE']], expected: { readOnly: true, files: expect.arrayContaining(['read possible $FILE dynamic']) as unknown as string[] } },
  ]);
});

describe('describeGit: diff and grep outside the index', () => {
  run([
    { name: 'diff --no-index reads both files (not /dev/null)', shapes: [['diff', '--no-index', '/dev/null', '.env'], ['diff', '--no-index', '--', '/dev/null', '.env'], ['diff', '--stat', '--no-index', '/dev/null', '.env']], expected: { readOnly: true, files: ['read operand .env recursive'] } },
    { name: 'diff of two paths, one outside the repository, is --no-index', shapes: [['diff', '/dev/null', '/etc/hostname'], ['diff', '--', '/dev/null', '/etc/hostname'], ['diff', '--stat', '/etc/hostname', '/dev/null']], expected: { readOnly: true, files: ['read operand /etc/hostname recursive'] } },
    { name: 'diff of two operands, paths git may read outside the index', shapes: [['diff', 'a', 'b'], ['diff', '--', 'a', 'b']], expected: { readOnly: true, files: ['read operand a recursive', 'read operand b recursive'] } },
    { name: 'grep --no-index and --untracked read the folder, ignored files too', shapes: [['grep', '--no-index', 'TOKEN'], ['grep', '--no-ind', 'TOKEN'], ['grep', '--untracked', 'TOKEN'], ['grep', '--no-index', '-e', 'TOKEN']], expected: { readOnly: true, files: ['read operand . recursive'] } },
    { name: 'grep --no-index reads its paths', shapes: [['grep', '--no-index', 'TOKEN', 'src'], ['grep', '--no-index', '-e', 'TOKEN', '--', 'src']], expected: { readOnly: true, files: ['read operand src recursive'] } },
    { name: 'grep --no-index after -C reads that folder', shapes: [['-C', 'sub', 'grep', '--no-index', 'TOKEN']], expected: { readOnly: true, files: ['read operand sub recursive'], repository: 'sub' } },
  ]);
});

describe('describeGit: subcommands that change things', () => {
  run([
    { name: 'config set forms write the repository configuration', shapes: [['config', 'core.fsmonitor', 'touch P'], ['config', '--local', 'a.b', 'c'], ['config', '--unset', 'user.name'], ['config', '--unset-a', 'x'], ['config', '--add', 'a.b', 'c'], ['config', '--edit'], ['config', '-e'], ['config', '--rename-section', 'a', 'b']], expected: { readOnly: false, files: ['write option .git/config'] } },
    { name: 'config targets', shapes: [['config', '--global', 'alias.x', '!sh']], expected: { readOnly: false, files: ['write option ~/.gitconfig'] } },
    { name: 'config --system', shapes: [['config', '--system', 'core.pager', 'x']], expected: { readOnly: false, files: ['write option /etc/gitconfig'] } },
    { name: 'config --worktree', shapes: [['config', '--worktree', 'core.pager', 'x']], expected: { readOnly: false, files: ['write option .git/config.worktree'] } },
    { name: 'config --file', shapes: [['config', '-f', 'x.cfg', 'a.b', 'c'], ['config', '--file=x.cfg', '--unset', 'a.b']], expected: { readOnly: false, files: ['write option x.cfg'] } },
    { name: 'config after -C', shapes: [['-C', 'sub', 'config', 'a.b', 'c']], expected: { readOnly: false, files: ['write option sub/.git/config'], repository: 'sub' } },
    { name: 'config forms that are neither', shapes: [['config'], ['config', '--unse', 'x'], ['config', '--frob', 'x']], expected: { readOnly: false } },
    { name: 'branch changes', shapes: [['branch', '-D', 'x'], ['branch', 'x'], ['branch', '-v', 'x'], ['branch', '-m', 'a', 'b'], ['branch', '--sort=refname', 'x'], ['branch', '--edit-description'], ['branch', '-u', 'origin/x'], ['branch', '--show-current', 'x']], expected: { readOnly: false } },
    { name: 'tag changes', shapes: [['tag', 'v1'], ['tag', '-a', 'v1', '-m', 'msg'], ['tag', '-d', 'v1'], ['tag', '--sort=refname', 'v1'], ['tag', '-i', 'v1']], expected: { readOnly: false } },
    { name: 'stash, remote, reflog and worktree changes', shapes: [['stash'], ['stash', 'push'], ['stash', 'pop'], ['stash', '-p'], ['remote', 'add', 'x', 'y'], ['remote', 'remove', 'x'], ['reflog', 'expire', '--all'], ['reflog', 'delete', 'HEAD@{1}'], ['worktree', 'add', '../x'], ['worktree', 'list', 'x']], expected: { readOnly: false } },
    { name: 'rm writes its operands', shapes: [['rm', '.env'], ['rm', '--cached', '.env'], ['rm', '-f', '--', '.env']], expected: { readOnly: false, files: ['write operand .env'], editsFiles: true } },
    { name: 'rm -r writes folders', shapes: [['rm', '-r', 'src'], ['rm', '-rf', 'src']], expected: { readOnly: false, files: ['write operand src recursive'], editsFiles: true } },
    { name: 'rm of paths listed in a file: which is not known', shapes: [['rm', '--pathspec-from-file=list']], expected: { readOnly: false } },
    { name: 'mv writes both ends', shapes: [['mv', 'a', 'b'], ['mv', '-f', 'a', 'b']], expected: { readOnly: false, files: ['write operand a recursive', 'write operand b recursive'], editsFiles: true } },
    { name: 'restore and checkout -- overwrite their paths', shapes: [['restore', '.env'], ['restore', '--staged', '--', '.env'], ['restore', '-s', 'HEAD~1', '.env'], ['checkout', '--', '.env'], ['checkout', 'HEAD~1', '--', '.env']], expected: { readOnly: false, files: ['write operand .env recursive'], editsFiles: true } },
    { name: 'checkout without `--`: a branch or a path', shapes: [['checkout', '.env']], expected: { readOnly: false, files: ['write possible .env recursive'] } },
    { name: 'checkout -b creates a branch', shapes: [['checkout', '-b', 'x'], ['checkout', '--orphan', 'x']], expected: { readOnly: false } },
    { name: 'clean -f deletes untracked files in its folders', shapes: [['clean', '-f'], ['clean', '-fd'], ['clean', '-f', '-x', '--', '.']], expected: { readOnly: false, files: ['write operand . recursive'], editsFiles: true } },
    { name: 'clean of a folder', shapes: [['clean', '-fdx', 'build']], expected: { readOnly: false, files: ['write operand build recursive'], editsFiles: true } },
    { name: 'clean without -f, or interactive', shapes: [['clean'], ['clean', '-fi']], expected: { readOnly: false, files: ['write operand . recursive'] } },
    { name: 'clean -n only lists', shapes: [['clean', '-n'], ['clean', '-nd']], expected: { readOnly: false } },
    { name: 'apply reads its patches', shapes: [['apply', 'fix.patch'], ['apply', '-p1', 'fix.patch'], ['apply', '--exclude', 'x', 'fix.patch']], expected: { readOnly: false, files: ['read operand fix.patch'] } },
    { name: 'format-patch -o writes a folder', shapes: [['format-patch', '-o', 'out', 'HEAD~1'], ['format-patch', '--output-directory=out', 'HEAD~1']], expected: { readOnly: false, files: ['write option out recursive'] } },
    { name: 'clone -c and --template run programs', shapes: [['clone', '-c', 'core.fsmonitor=x', 'src', 'dst'], ['clone', '--config=core.fsmonitor=x', 'src', 'dst']], expected: { readOnly: false, opaque: 'git clone -c sets configuration that can run programs' } },
  ]);
});

describe('describeGit: commands git runs', () => {
  run([
    { name: 'rebase -x runs a script', shapes: [['rebase', '-x', 'make test', 'main'], ['rebase', '--exec', 'make test', 'main'], ['rebase', '--exec=make test', 'main'], ['rebase', '-xmake test', 'main'], ['rebase', '-ix', 'make test', 'main'], ['rebase', '--exe=make test', 'main']], expected: { readOnly: false, scripts: ['make test'] } },
    { name: 'rebase -X takes its bundle', shapes: [['rebase', '-Xsubtree=x', 'main']], expected: { readOnly: false } },
    { name: 'bisect run runs a command', shapes: [['bisect', 'run', 'make', 'test']], expected: { readOnly: false, commands: [['make', 'test']] } },
    { name: 'submodule foreach runs a script', shapes: [['submodule', 'foreach', 'git pull'], ['submodule', 'foreach', '--recursive', 'git', 'pull'], ['submodule', '--quiet', 'foreach', '-q', 'git pull']], expected: { readOnly: false, scripts: ['git pull'] } },
    { name: 'difftool -x runs a script on the two files', shapes: [['difftool', '-x', 'touch P', 'HEAD'], ['difftool', '--extcmd=touch P'], ['difftool', '-yx', 'touch P'], ['difftool', '-y', '-xtouch P']], expected: { readOnly: false, scripts: ['touch P "$LOCAL" "$REMOTE"'] } },
    { name: 'filter-branch filters are scripts', shapes: [['filter-branch', '--tree-filter', 'rm x', 'HEAD'], ['filter-branch', '-f', '--index-filter', 'rm x'], ['filter-branch', '--setup', 'rm x', '--', '--all']], expected: { readOnly: false, scripts: ['rm x'] } },
    { name: 'the same subcommands without a command', shapes: [['rebase', 'main'], ['bisect', 'start'], ['submodule', 'update'], ['difftool', 'HEAD'], ['filter-branch', '--prune-empty']], expected: { readOnly: false } },
  ]);
});

describe('describeGit: files its words do not name', () => {
  const unnamed = (command: string) => describeGit(command.split(' ').map(word)).unnamedFiles !== undefined;

  it('marks git apply (unless it only reports), working-tree rewriters and printers, printers of committed or staged files, and subcommands known only at run time', () => {
    for (const command of ['apply x.diff', 'apply --index x.diff', 'apply --stat --apply x.diff', 'apply --stat --appl x.diff', 'am x.patch', 'reset --hard', 'stash pop', 'stash', 'switch main', 'checkout main', 'merge topic', 'pull', 'commit -am x', 'add -A', 'worktree add ../w', 'rebase main', 'diff', 'diff HEAD', 'grep TOKEN', '$SUB x', 'log -p', 'log --patch', 'show HEAD', 'show e9ae04ab', 'cat-file -p e9ae04ab', 'cat-file --batch', 'diff-tree -p HEAD', 'diff --cached', 'diff --staged', 'grep --cached x']) {
      expect(unnamed(command), command).toBe(true);
    }
  });

  it('leaves the commands that name their files or only touch the repository store and remotes without printing committed files', () => {
    for (const command of ['apply --stat x.diff', 'apply --check x.diff', 'checkout -- a', 'restore a', 'rm a', 'mv a b', 'clean -n', 'fetch', 'push', 'branch -D x', 'tag v1', 'status', 'log --oneline', 'log --stat', 'cat-file -t HEAD', 'blame a', 'stash list', 'worktree list']) {
      expect(unnamed(command), command).toBe(false);
    }
  });
});
