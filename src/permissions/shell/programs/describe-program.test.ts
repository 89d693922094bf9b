import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { describeProgram } from './describe-program.ts';

const words = (command: string): ShellWord[] =>
  command.split(' ').map((value) => ({ ...literalWord(value), dynamic: value.startsWith('$'), glob: value.includes('*'), processSubstitution: value.startsWith('<(') }));
/** The effects as `read-only?` and `access:via:path[/]` strings. */
function effects(command: string): { readOnly: boolean; files: string[]; opaque: boolean; known: boolean; editsFiles: boolean } {
  const described = describeProgram(words(command));
  return {
    readOnly: described.readOnly,
    files: described.files.map((file) => `${file.access}:${file.via}:${file.word.value}${file.recursive ? '/' : ''}`),
    opaque: described.opaque !== undefined,
    known: described.known,
    editsFiles: described.editsFiles === true,
  };
}

describe('describeProgram', () => {
  it.each([
    ['cat a b', true, ['read:operand:a', 'read:operand:b']],
    ['/usr/bin/cat -n a', true, ['read:operand:a']],
    ['head -n 5 a', true, ['read:operand:a']],
    ['tail -f log', true, ['read:operand:log']],
    ['sort -k2 -t, a', true, ['read:operand:a']],
    ['sort -o out a', false, ['read:operand:a', 'write:option:out']],
    ['sort -nro out a', false, ['read:operand:a', 'write:option:out']],
    ['sort --out=out a', false, ['read:operand:a', 'write:option:out']],
    ['uniq a', true, ['read:operand:a']],
    ['uniq a out', false, ['read:operand:a', 'write:operand:out']],
    ['xxd a out', false, ['read:operand:a', 'write:operand:out']],
    ['iconv -f latin1 -t utf8 -o out a', false, ['read:operand:a', 'write:option:out']],
    ['wc --files0-from=list', true, ['read:option:list']],
    ['grep -n x a b', true, ['read:operand:a', 'read:operand:b']],
    ['grep -e x -e y a', true, ['read:operand:a']],
    ['grep -r x', true, ['read:operand:./']],
    ['grep --directories=recurse x src', true, ['read:operand:src/']],
    ['rg x', true, ['read:operand:./']],
    ['rg --pre=decompress x', false, ['read:operand:./']],
    ['ls', true, ['read:operand:.']],
    ['ls -la a', true, ['read:operand:a']],
    ['du -sh node_modules', true, ['read:operand:node_modules']],
    ['tree -o out', false, ['read:operand:.', 'write:option:out']],
    ['diff -r a b', true, ['read:operand:a/', 'read:operand:b/']],
    ['jq .x a.json', true, ['read:operand:a.json']],
    ['jq -f prog.jq a.json', true, ['read:operand:a.json', 'read:option:prog.jq']],
    ['echo hi there', true, []],
    ['date -s now', false, []],
    ['date -r ref', true, ['read:option:ref']],
    ['hostname', true, []],
    ['hostname evil', false, []],
    ['rm -rf build', false, ['write:operand:build/']],
    ['mkdir -p a/b', false, ['write:operand:a/b']],
    ['touch -r ref x', false, ['write:operand:x', 'read:option:ref']],
    ['mv a b', false, ['write:operand:a/', 'write:operand:b']],
    ['mv -t dir a', false, ['write:operand:a/', 'write:operand:dir']],
    ['cp a b dir', false, ['read:operand:a', 'read:operand:b', 'write:operand:dir']],
    ['cp -t dir a', false, ['read:operand:a', 'write:operand:dir']],
    ['cp -a src dst', false, ['read:operand:src/', 'write:operand:dst']],
    ['cp -l a b', false, ['write:operand:a/', 'write:operand:b']],
    ['ln -s target link', false, ['write:operand:target/', 'write:operand:link']],
    ['ln -s ../t d/link', false, ['write:operand:../t/', 'write:operand:d/link', 'write:operand:d/../t/']],
    ['chmod -R 755 dir', false, ['write:operand:dir/']],
    ['tee a b', false, ['write:operand:a', 'write:operand:b']],
    ['dd if=a of=b bs=1M', false, ['read:operand:a', 'write:operand:b']],
    ['tar czf out.tgz src', false, ['write:operand:out.tgz', 'read:operand:src/']],
    ['tar -xf in.tar -C dest', false, ['read:operand:in.tar', 'write:operand:dest/']],
    ['curl -o page https://x', false, ['write:option:page']],
    ['curl -T file https://x', false, ['read:option:file']],
    ['wget -O page https://x', false, ['write:option:page']],
    ['python3 run.py a', false, ['read:operand:run.py', 'read:possible:a']],
    ['python3 -m http.server', false, []],
    ['node server.js', false, ['read:operand:server.js']],
    ["awk '{print} a", true, ['read:operand:a']],
    ['make build', false, ['read:possible:build']],
    ['npm --prefix=dir test', false, ['read:possible:dir', 'read:possible:test']],
    ['jq -n --rawfile s secret $s', true, ['read:operand:secret']],
    ['jq -n --slurpfile s secret.json --arg k v .', true, ['read:operand:secret.json']],
    ['jq -n --args $ARGS a b', true, []],
    ['curl -s file:///etc/passwd', false, ['read:operand:/etc/passwd']],
    ['curl -s file://localhost/etc/passwd', false, ['read:operand:/etc/passwd']],
    ['curl -F x=<secret https://x', false, ['read:option:secret']],
    ['curl -w @fmt https://x', false, ['read:option:fmt']],
    ['tar -tf a.tar', true, ['read:operand:a.tar']],
    ['tar tvzf a.tgz', true, ['read:operand:a.tgz']],
    ['tar --list --file=a.tar', true, ['read:option:a.tar', 'read:operand:a.tar']],
    ['tar -xf a.tar', false, ['read:operand:a.tar', 'write:operand:./']],
    ['unzip a.zip', false, ['read:operand:a.zip', 'write:operand:./']],
    ['unzip -o a.zip -d out', false, ['read:operand:a.zip', 'write:operand:out/']],
    ['unzip -l a.zip', true, ['read:operand:a.zip']],
    ['unzip -p a.zip notes.txt', true, ['read:operand:a.zip']],
    ['set -euo pipefail', true, []],
    ['set +e', true, []],
    ['shopt -s nullglob', true, []],
    ['echo secrets/*', true, ['read:possible:secrets', 'read:possible:secrets/*']],
    ['echo a/*/b', true, ['read:possible:a', 'read:possible:a/*/b']],
    ['diff <(cat_a) b', true, ['read:operand:b']],
    ['vim -es -c %s/a/b/ -c wq f', false, ['write:possible:%s/a/b/', 'write:possible:wq', 'write:operand:f']],
    ['ed -s -p > f', false, ['write:possible:>', 'write:operand:f']],
    ['sqlite3 -cmd .tables db select', false, ['write:possible:.tables', 'write:operand:db', 'write:possible:select']],
    ['patch -p1 -i x.diff -o out', false, ['write:possible:1', 'read:option:x.diff', 'write:option:out']],
    ['patch -oout -ix.diff', false, ['write:option:out', 'read:option:x.diff']],
    ['patch f x.diff', false, ['write:operand:f', 'read:possible:x.diff']],
    ['patch -d sub f', false, ['write:possible:sub', 'write:possible:f']],
  ] as const)('%s', (command, readOnly, files) => {
    expect(effects(command)).toMatchObject({ readOnly, files });
  });

  it('marks programs that run code it cannot read as opaque', () => {
    for (const command of ['python3 -c x', 'python3.12 -c x', 'python3 -', 'python3', 'node -e x', 'node --eval=x', 'perl -e x', 'ruby -e x', 'php -r x', "awk 'BEGIN{system(1)}'", 'awk -f prog.awk', 'sort --compress-program=gz a', 'bat --pager=x a', 'tar -cf x --to-command=x a', 'wget -e robots=off x', 'fd -x rm']) {
      expect(effects(command).opaque, command).toBe(true);
    }
    for (const command of ['python3 run.py', 'node server.js', "awk '{print $1}'", 'sort a', 'cat a']) expect(effects(command).opaque, command).toBe(false);
  });

  it('says which programs reach files their words do not name', () => {
    const unnamed = (command: string) => describeProgram(words(command)).unnamedFiles !== undefined;
    for (const command of ['sort --files0-from=list', 'wc --files0-from list', 'du --files0-from=l', 'file -f names', 'jq -L lib .', 'jq -n include"m";.', 'jq -f prog.jq a.json', 'curl file:///x', 'curl FILE:///x', 'curl --url file:///x', 'curl -K cfg', 'curl --proto-default file x', 'sqlite3 db', 'ed -s f', 'ex f', 'vim -es f', 'vi f', 'nvim --headless f', 'patch -p1', 'python3 run.py', 'python3 -m http.server', 'node server.js', 'make build', 'git apply x.diff', 'git reset --hard', 'git stash pop', 'git checkout main', 'git commit -am x', 'git add -A', 'git merge x', 'tar -cf out.tar -T list', 'unzip -: a.zip', 'git diff', 'git grep TOKEN', 'git log -p', 'git diff --cached', 'set', 'set -k', 'set -a', 'set -P', 'set -- a', 'shopt -s dotglob', 'shopt -s expand_aliases', 'shopt -s lastpipe']) {
      expect(unnamed(command), command).toBe(true);
    }
    for (const command of ['sort a', 'wc a', 'jq .x a.json', 'curl https://x', 'git apply --stat x.diff', 'git checkout -- a', 'git status', 'git log --oneline', 'git grep --no-index x f', 'git fetch', 'git rm a', 'cat a', 'rm -rf x', 'tar -tf a.tar', 'set -e', 'shopt -s nullglob']) {
      expect(unnamed(command), command).toBe(false);
    }
  });

  it('knows file editors for acceptEdits, and which programs it does not know at all', () => {
    expect(['rm x', 'mkdir x', 'touch x', 'mv a b', 'cp a b', 'tee x', 'truncate -s 0 x', 'rmdir x'].map((command) => effects(command).editsFiles)).toEqual(Array(8).fill(true));
    expect(['ln -s a b', 'chmod 1 x', 'dd of=x', 'cat x'].map((command) => effects(command).editsFiles)).toEqual([false, false, false, false]);
    expect(['frobnicate x', '$X y'].map((command) => effects(command).known)).toEqual([false, false]);
  });
});
