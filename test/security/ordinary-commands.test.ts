import { describe, expect, it } from 'vitest';
import { cleanUp, runAttack, type Attack, type AttackRun } from './run-attack.ts';

/**
 * Issue 29, "Over-blocking": a table of ordinary developer commands, each run as a user would (sandbox on,
 * a `Read(.env)` deny rule as many projects have, in a git repository), read-only or under a plain prefix
 * rule. Each must be allowed and show its output: a benign command that newly asks is a defect.
 */
interface Case extends Attack {
  name?: string;
  shows: string | RegExp;
}

/** `.env` is ignored, as in most projects: a committed one is printed by `git log -p`. */
const FILES = {
  '.gitignore': '.env\n',
  '.env': 'TOKEN=sk-live-4f9a\n',
  'README.md': '# demo\nhello world\n',
  'data.json': '{"name":"demo","list":[1,2,3]}\n',
  'src/index.ts': 'export const answer = 42;\n',
  'src/util.ts': 'export function add(a: number, b: number) { return a + b; }\n',
  'a.txt': 'one\ntwo\n',
  'b.txt': 'one\nthree\n',
};

const ORDINARY: Case[] = [
  { input: 'git status', shows: 'branch' },
  { input: 'git status --short', shows: /^$|\S/ },
  { input: 'git log --oneline', shows: 'initial' },
  { input: 'git log -3 --format=%s', shows: 'initial' },
  { input: 'git diff --stat', shows: /^$|\S/ },
  { input: 'git diff', shows: /^$|\S/ },
  { input: 'git branch', shows: /master|main/ },
  { input: 'git rev-parse --abbrev-ref HEAD', shows: /master|main/ },
  { input: 'git ls-files src', shows: 'src/index.ts' },
  { input: 'git blame src/index.ts', shows: 'answer' },
  { input: 'git log --stat -1', shows: 'README.md' },
  { input: 'ls -la', shows: 'README.md' },
  { input: 'ls src', shows: 'index.ts' },
  { input: 'pwd', shows: '/' },
  { input: 'grep -rn answer src', shows: 'src/index.ts:1' },
  { input: 'grep -c one a.txt b.txt', shows: 'a.txt:1' },
  { input: "find . -name '*.ts' -not -path './node_modules/*'", shows: 'src/util.ts' },
  { input: 'find src -type f', shows: 'src/index.ts' },
  { input: 'wc -l README.md', shows: '2' },
  { input: 'head -n 1 README.md', shows: '# demo' },
  { input: 'tail -n 1 README.md', shows: 'hello world' },
  { input: 'cat README.md', shows: 'hello world' },
  { input: 'jq . data.json', shows: '"demo"' },
  { input: "jq '.list | length' data.json", shows: '3' },
  { input: 'sort b.txt', shows: 'three' },
  { input: 'sort a.txt | uniq -c', shows: 'one' },
  { input: 'diff a.txt b.txt', shows: 'three' },
  { input: 'diff -u a.txt b.txt', shows: '+three' },
  { input: 'diff <(sort a.txt) <(sort b.txt)', allow: ['Bash(diff:*)', 'Bash(sort:*)'], shows: 'three' },
  { input: 'cmp a.txt a.txt && echo same', shows: 'same' },
  { input: 'echo hello', shows: 'hello' },
  { input: "printf '%s\\n' done", shows: 'done' },
  { input: 'echo *.md', shows: 'README.md' },
  { input: 'ls src/*.ts', shows: 'src/util.ts' },
  { input: 'set -euo pipefail; git status', allow: ['Bash(git status:*)'], shows: 'branch' },
  { input: 'set -e; ls src', shows: 'index.ts' },
  { input: 'node --version', allow: ['Bash(node --version)'], shows: /v\d+/ },
  { input: 'npm --version', allow: ['Bash(npm --version)'], shows: /\d+\.\d+/ },
  { input: 'npm ls --depth=0', allow: ['Bash(npm ls:*)'], shows: 'victim' },
  { input: 'which git', shows: 'git' },
  { input: 'date +%Y', shows: /\d{4}/ },
  { input: 'basename src/index.ts .ts', shows: 'index' },
  { input: 'dirname src/index.ts', shows: 'src' },
  { input: 'stat -c %s README.md', shows: /\d+/ },
  { input: 'du -sh src', shows: 'src' },
  { input: 'tr a-z A-Z < README.md', shows: 'HELLO' },
  { input: "sed -n '1p' README.md", shows: '# demo' },
  { input: "awk '{ print $1 }' a.txt", shows: 'one' },
  { input: 'cut -c1-3 a.txt', shows: 'one' },
  { input: 'tar -cf - src | tar -tf -', shows: 'src/index.ts' },
  { input: 'git log -p -1', shows: 'answer' },
  { input: 'git show --stat HEAD', shows: 'README.md' },
];

/** What the read-only awk and `tar -cf -` must not let through: the reads they make still meet the deny rule. */
const HELD = ["tar -cf - . | tar -xOf - ./.env", 'tar -cf - .env', "awk '{ print }' .env", "awk -F= '{ print $2 }' .env", "awk 'BEGIN { while ((getline l < \".env\") > 0) print l }'"];

describe('over-blocking: ordinary developer commands stay allowed', () => {
  it.each(HELD)('still held: %s', async (input) => {
    const run = await runAttack({ git: true, deny: ['Read(.env)'], files: FILES, input });
    try {
      expect(run.text, run.text.slice(0, 300)).not.toContain('sk-live-4f9a');
    } finally {
      cleanUp(run);
    }
  });

  it.each(ORDINARY.map((entry) => [entry.name ?? String(entry.input), entry] as const))('%s', async (_name, entry) => {
    let run: AttackRun | undefined;
    try {
      run = await runAttack({ git: true, deny: ['Read(.env)'], files: FILES, ...entry });
      expect(run.output.decision?.behavior, run.text.slice(0, 300)).toBe('allow');
      expect(run.text, run.text.slice(0, 300)).toMatch(entry.shows);
      expect(run.text).not.toContain('sk-live-4f9a');
    } finally {
      if (run) cleanUp(run);
    }
  });
});
