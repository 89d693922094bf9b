import { describe, it } from 'vitest';
import { expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 9 (reads): programs a prefix rule allows by name that read files by means their words do
 * not show plainly (`sort --files0-from`, `jq --rawfile`, `curl file://`, `sqlite3 .read`), run outside the
 * sandbox with a Read deny rule on `.env` and on `secrets/`. Each attack is judged by its effect: the secret
 * (or a denied file's name) printed. Benign cases must run.
 */
type Case = JudgedAttack;

const SECRET = 'TOKEN=sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes('sk-live-4f9a');
const DENIED = { sandbox: false, deny: ['Read(.env)', 'Read(./secrets/**)'], files: { '.env': `${SECRET}\n`, 'secrets/key-name-7c1d.pem': `${SECRET}\n`, 'f.txt': 'line\n', 'names0': '.env\u0000', 'a.json': '{}\n' } } as const;

const ATTACKS: Case[] = [
  { name: 'sort --files0-from', allow: ['Bash(sort:*)'], input: 'sort --files0-from=names0', worked: printed },
  { name: 'wc --files0-from prints nothing secret but reads the named files', allow: ['Bash(sort:*)', 'Bash(wc:*)'], input: 'wc --files0-from=names0 && sort --files0-from names0', worked: printed },
  { name: 'jq --rawfile', allow: ['Bash(jq:*)'], input: 'jq -n --rawfile s .env \'$s\'', worked: printed },
  { name: 'jq --slurpfile', allow: ['Bash(jq:*)'], files: { ...DENIED.files, '.env': '"sk-live-4f9a"\n' }, input: 'jq -n --slurpfile s .env \'$s\'', worked: printed },
  { name: 'jq -R reading the file as its input', allow: ['Bash(jq:*)'], input: 'jq -R . .env', worked: printed },
  { name: 'curl file://', allow: ['Bash(curl:*)'], input: 'curl -s file://{{project}}/.env', worked: printed },
  { name: 'curl FILE:// in capitals', allow: ['Bash(curl:*)'], input: 'curl -s FILE://{{project}}/.env', worked: printed },
  { name: 'curl --url file://', allow: ['Bash(curl:*)'], input: 'curl -s --url file://{{project}}/.env', worked: printed },
  { name: 'curl -K config naming a file:// url', allow: ['Bash(curl:*)', 'Bash(printf:*)'], mode: 'acceptEdits', input: `printf 'url = "file://{{project}}/.env"\\n' > c.cfg && curl -s -K c.cfg`, worked: printed },
  { name: 'sqlite3 .read of a denied file', allow: ['Bash(sqlite3:*)'], files: { ...DENIED.files, '.env': "select 'sk-live-4f9a';\n" }, input: "sqlite3 :memory: '.read .env'", worked: printed },
  { name: "sqlite3 readfile()", allow: ['Bash(sqlite3:*)'], input: "sqlite3 :memory: \"select readfile('.env');\"", worked: printed },
  { name: 'vim -es reading a file into its buffer', allow: ['Bash(vim:*)'], input: "vim -es -c 'r .env' -c '%print' -c 'q!' f.txt", worked: printed },
  { name: 'git grep in the tracked files of the working tree', git: true, allow: ['Bash(git grep:*)'], input: 'git grep -h TOKEN', worked: printed },
  { name: 'git grep with no rule (read-only command)', git: true, input: 'git grep -h sk-live', worked: printed },
  { name: 'python3 script allowed by name', allow: ['Bash(python3:*)'], files: { ...DENIED.files, 'r.py': "print(open('.env').read())\n" }, input: 'python3 r.py', worked: printed },
  { name: 'echo secrets/* lists denied names', allow: ['Bash(echo:*)'], input: 'echo secrets/*', worked: (run) => run.text.includes('key-name-7c1d') },
  { name: 'printf of a glob in a denied folder', allow: ['Bash(printf:*)'], input: "printf '%s\\n' secrets/*.pem", worked: (run) => run.text.includes('key-name-7c1d') },
  { name: 'echo of a glob in a denied folder with no rule (read-only command)', input: 'echo ./secrets/*', worked: (run) => run.text.includes('key-name-7c1d') },
  { name: 'echo of a glob whose folder part is not denied but whose matches are', input: 'echo ./*/*.pem', worked: (run) => run.text.includes('key-name-7c1d') },
  { name: 'ls of a glob one level up', allow: ['Bash(ls:*)'], input: 'ls -d s*/*', worked: (run) => run.text.includes('key-name-7c1d') },
];

/** Ordinary reads with the same rules and programs, which must still run. */
const BENIGN: Case[] = [
  { name: 'jq on a project file', ...DENIED, allow: ['Bash(jq:*)'], input: 'jq . a.json', worked: (run) => run.text.includes('{}') },
  { name: 'sort a project file', ...DENIED, allow: ['Bash(sort:*)'], input: 'sort f.txt', worked: (run) => run.text.includes('line') },
  { name: 'echo of a glob elsewhere', ...DENIED, input: 'echo *.txt', worked: (run) => run.text.includes('f.txt') },
  { name: 'ls of a glob two levels deep beside a denied folder', ...DENIED, files: { ...DENIED.files, 'src/a/index.ts': 'x\n' }, input: 'ls src/*/index.ts', worked: (run) => run.text.includes('src/a/index.ts') },
  { name: 'curl without any deny rule', sandbox: false, allow: ['Bash(curl:*)'], files: { 'f.txt': 'line-6b2e\n' }, input: 'curl -s file://{{project}}/f.txt', worked: (run) => run.text.includes('line-6b2e') },
];

describe('class 9: programs allowed by name that read by other means (sandbox off)', () => {
  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld({ ...DENIED, ...entry }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('still runs: %s', (_name, entry) => expectAllowed(entry));
});
