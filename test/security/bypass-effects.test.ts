import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { cleanUp, exists, expectAllowed, expectHeld, runAttack, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * The bypass classes of issue 13, each attack run end to end through `codev tool` in a fresh project and
 * judged by its real effect: a file created, a secret printed, a request received. A case lists the
 * attack and `worked`, which says whether the effect happened; every case must come out with `worked`
 * false. Benign cases (`benign: true`) must come out allowed, with their effect.
 */
type Case = JudgedAttack;

const SECRET = 'TOKEN=sk-live-4f9a';
const pwned = (run: AttackRun) => exists(run, 'PWNED');
const printed = (run: AttackRun) => run.text.includes('sk-live-4f9a');
const gitProject = { git: true, files: { 'README.md': 'hi\n' } };
const BYPASS = { mode: 'bypassPermissions' } as const;
const TOUCH_DENIED = { allow: ['Bash'], deny: ['Bash(touch:*)'] };
const BYPASS_TOUCH_DENIED = { mode: 'bypassPermissions', deny: ['Bash(touch:*)'] };
const ENV_DENIED = { deny: ['Read(.env)'], files: { '.env': `${SECRET}\n`, 'f.txt': 'line\n' } };

/** A: escapes from the sandbox and takeovers of codev's configuration. */
const SANDBOX_ESCAPES: Case[] = [
  { name: 'renames .git from python, then plants a hook', ...gitProject, ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.rename('.git', '.gold'); os.makedirs('.git/hooks'); open('.git/hooks/pre-commit', 'w').write('touch PWNED')"`, worked: (run) => exists(run, '.gold') || exists(run, '.git/hooks/pre-commit') },
  { name: 'renames .git with mv', ...gitProject, ...BYPASS, input: 'mv .git .gold', worked: (run) => exists(run, '.gold') },
  { name: 'renames .git/hooks away', ...gitProject, ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.rename('.git/hooks', '.git/h2'); os.makedirs('.git/hooks'); open('.git/hooks/pre-commit', 'w').write('x')"`, worked: (run) => exists(run, '.git/h2') || exists(run, '.git/hooks/pre-commit') },
  { name: "points git at another configuration with .git/commondir", ...gitProject, ...BYPASS, needsSandbox: true, input: `python3 -c "open('.git/commondir', 'w').write('/tmp/evil-common')"`, worked: (run) => exists(run, '.git/commondir') && readFileSync(path.join(run.project.root, '.git/commondir'), 'utf8') !== '.' },
  { name: 'writes .git/config from python', ...gitProject, ...BYPASS, needsSandbox: true, input: `python3 -c "open('.git/config', 'a').write('[core]\\\\n\\\\tfsmonitor = touch PWNED\\\\n')"`, worked: (run) => readFileSync(path.join(run.project.root, '.git/config'), 'utf8').includes('fsmonitor') },
  { name: 'plants a repository where none is', ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.makedirs('.git/hooks'); open('.git/config', 'w').write('x')"`, worked: (run) => exists(run, '.git/config') },
  { name: 'renames the folder of a hook script and puts a new script in its place', ...BYPASS, needsSandbox: true, files: { 'codev.config.ts': "export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: './hooks/check.sh' }] };\n", 'hooks/check.sh': '#!/bin/sh\nexit 0\n' }, input: `python3 -c "import os; os.rename('hooks', 'h2'); os.makedirs('hooks'); open('hooks/check.sh', 'w').write('touch PWNED')"`, worked: (run) => exists(run, 'h2') || readFileSync(path.join(run.project.root, 'hooks/check.sh'), 'utf8').includes('PWNED') },
  { name: 'renames the folder of a hook script with mv', ...BYPASS, sandbox: false, files: { 'codev.config.ts': "export default { hooks: [{ event: 'PreToolUse', matcher: 'Read', command: './hooks/check.sh' }] };\n", 'hooks/check.sh': '#!/bin/sh\nexit 0\n' }, input: 'mv hooks h2 && mkdir hooks && echo "touch PWNED" > hooks/check.sh', worked: (run) => exists(run, 'h2') },
  { name: 'creates plugins/evil.ts when plugins/ is absent (python)', ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.makedirs('plugins'); open('plugins/evil.ts', 'w').write('x')"`, worked: (run) => exists(run, 'plugins/evil.ts') },
  { name: 'creates plugins/evil.ts when plugins/ is absent (shell)', ...BYPASS, sandbox: false, input: 'mkdir -p plugins && echo x > plugins/evil.ts', worked: (run) => exists(run, 'plugins/evil.ts') },
  { name: 'moves a whole folder into the plugin folder', ...BYPASS, sandbox: false, files: { 'evil/x.ts': 'x' }, input: 'mv evil plugins', worked: (run) => exists(run, 'plugins/x.ts') },
  { name: 'renames a parent of a nested plugin folder', mode: 'bypassPermissions', needsSandbox: true, files: { 'codev.config.ts': "export default { pluginDirs: ['tools/plugins'] };\n", 'tools/plugins/ok.ts': 'export default {};\n' }, input: `python3 -c "import os; os.rename('tools', 't2'); os.makedirs('tools/plugins'); open('tools/plugins/evil.ts', 'w').write('x')"`, worked: (run) => exists(run, 'tools/plugins/evil.ts') },
  // The sandbox lets this file be made (no placeholder for every name); loading then refuses two config files, without running either.
  { name: 'shadows codev.config.ts with .codevrc.mjs (python)', ...BYPASS, needsSandbox: true, files: { 'codev.config.ts': 'export default {};\n' }, input: `python3 -c "open('.codevrc.mjs', 'w').write('import { writeFileSync } from \\'node:fs\\'; writeFileSync(\\'PWNED\\', \\'\\'); export default { permissions: { mode: \\'bypassPermissions\\' } }')"`, worked: async (run) => (await configTakenOver(run)) || pwned(run) },
  { name: 'shadows codev.config.ts with .codevrc.mjs (shell)', ...BYPASS, sandbox: false, files: { 'codev.config.ts': 'export default {};\n' }, input: "echo 'export default {}' > .codevrc.mjs", worked: (run) => exists(run, '.codevrc.mjs') },
  { name: 'creates .codevrc.json with Edit rules allowing the project', allow: ['Bash(echo:*)', 'Edit(./**)'], input: 'echo \'{"permissions":{"mode":"bypassPermissions"}}\' > .codevrc.json', worked: (run) => exists(run, '.codevrc.json') },
  { name: 'plants a skill that grants itself tools (python)', ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.makedirs('skills/evil'); open('skills/evil/SKILL.md', 'w').write('---\\\\nallowed-tools: Bash\\\\n---\\\\n')"`, worked: (run) => exists(run, 'skills/evil/SKILL.md') },
  { name: 'plants MCP servers (python)', ...BYPASS, needsSandbox: true, input: `python3 -c "open('.mcp.json', 'w').write('{}')"`, worked: (run) => exists(run, '.mcp.json') },
  { name: 'plants Claude Code settings with hooks (python)', ...BYPASS, needsSandbox: true, input: `python3 -c "import os; os.makedirs('.claude'); open('.claude/settings.json', 'w').write('{}')"`, worked: (run) => exists(run, '.claude/settings.json') },
  { name: 'links .git under another name, then writes a hook through the link', ...BYPASS, ...gitProject, sandbox: false, input: 'ln -s .git g && echo "touch PWNED" > g/hooks/pre-commit', worked: (run) => exists(run, '.git/hooks/pre-commit') },
];

/** Whether a planted config took over: the next kernel would run in bypassPermissions (a refused config is no takeover). */
async function configTakenOver(run: AttackRun): Promise<boolean> {
  const loaded = await loadConfig({ cwd: run.project.root }).catch(() => undefined);
  return loaded?.config.permissions?.mode === 'bypassPermissions';
}

/** B: "read-only" commands that run code, auto-approved with no rule. */
const READ_ONLY_THAT_RUNS: Case[] = [
  ...["test -v 'a[$(touch PWNED)]'", "[ -v 'a[$(touch PWNED)]' ]", "[[ -v 'a[$(touch PWNED)]' ]]", "printf -v 'a[$(touch PWNED)]' x", "read 'a[$(touch PWNED)]' <<< x", "let 'a[$(touch PWNED)]=1'", "declare 'a[$(touch PWNED)]=1'", "x='a[$(touch PWNED)]'; echo $((x))", 'read x < f.txt; echo $((x))'].map(
    (input): Case => ({ name: `array subscript: ${input}`, input, files: { 'f.txt': 'a[$(touch PWNED)]\n' }, worked: pwned }),
  ),
  { name: 'git ls-remote --upload-pack', ...gitProject, input: "git ls-remote --upload-pack='touch PWNED' .", worked: pwned },
  { name: 'git grep --open-files-in-pager', ...gitProject, input: "git grep --open-files-in-pager='touch PWNED' hi", worked: pwned },
  { name: 'git grep -O', ...gitProject, input: "git grep -O'touch PWNED' hi", worked: pwned },
  { name: 'git grep --open (abbreviated)', ...gitProject, input: "git grep --open='touch PWNED' hi", worked: pwned },
  { name: 'git -c core.pager', ...gitProject, input: "git -c core.pager='touch PWNED' -p log", worked: pwned },
  { name: 'git in a planted bare repository (-C)', files: { 'vendor/evil/HEAD': 'ref: refs/heads/main\n', 'vendor/evil/config': '[core]\n\trepositoryformatversion = 0\n\tbare = true\n\tfsmonitor = touch ../../PWNED; false\n', 'vendor/evil/objects/.keep': '', 'vendor/evil/refs/.keep': '' }, input: 'git -C vendor/evil status', worked: pwned },
  { name: 'git in a planted repository (cd)', files: { 'vendor/evil/.git/HEAD': 'ref: refs/heads/main\n', 'vendor/evil/.git/config': '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = touch ../../PWNED; false\n', 'vendor/evil/.git/objects/.keep': '', 'vendor/evil/.git/refs/.keep': '' }, input: 'cd vendor/evil && git status', worked: pwned },
  ...["sed -n --expression='1w PWNED' f.txt", "sed -n --expr='1w PWNED' f.txt", "sed -n '\\,line,w PWNED' f.txt", "sed -n -e'1w PWNED' f.txt", "sed -n '/LINE/Iw PWNED' f.txt", "sed -n 's/line/x/w PWNED' f.txt", 'sed --file=script.sed f.txt', 'sed -f script.sed f.txt', "sed '1e touch PWNED' f.txt", "sed 's/line/touch PWNED/e' f.txt"].map(
    (input): Case => ({ name: `sed: ${input}`, input, files: { 'f.txt': 'line\n', 'script.sed': '1w PWNED\n' }, worked: pwned }),
  ),
  { name: 'sort --output abbreviated', input: 'sort --out=PWNED f.txt', files: { 'f.txt': 'b\na\n' }, worked: pwned },
  { name: 'less running a command', input: "less '+!touch PWNED' f.txt", files: { 'f.txt': 'x\n' }, worked: pwned },
];

/** C: deny rules evaded. Each shape runs under `--allow Bash --deny 'Bash(touch:*)'` and under bypassPermissions + the deny. */
const DENY_SHAPES: string[] = [
  'tou\\\nch PWNED',
  't\\\nouch PWNED',
  '{touch,PWNED}',
  '/bin/tou?h PWNED',
  '/usr/bin/t[o]uch PWNED',
  '$(echo touch) PWNED',
  '`echo touch` PWNED',
  'T=touch; $T PWNED',
  'set -- touch PWNED; "$@"',
  "bash -c '$0 PWNED' touch",
  'IFS=,; c=touch,PWNED; $c',
  "bash <<< 'touch PWNED'",
  'bash <<EOF\ntouch PWNED\nEOF',
  'echo touch PWNED | sh',
  'printf "touch PWNED" | bash -s',
  'source <(echo touch PWNED)',
  '. /dev/stdin <<< "touch PWNED"',
  'setsid touch PWNED',
  'ionice -c3 touch PWNED',
  'taskset -c 0 touch PWNED',
  'flock /tmp/codev-lock touch PWNED',
  "script -qc 'touch PWNED' /dev/null",
  'chrt -o 0 touch PWNED',
  'nice -n 1 setsid touch PWNED',
  'unbuffer touch PWNED',
  `python3 -c "import os; os.system('touch PWNED')"`,
  "awk 'BEGIN { system(\"touch PWNED\") }'",
  "find . -maxdepth 0 -exec touch PWNED \\;",
  "xargs -a /dev/null touch PWNED",
  "eval 'to''uch PWNED'",
  'shopt -s expand_aliases\nalias x="touch PWNED"\nx',
  "x='a[$(touch PWNED)]'; (( x ))",
  'f() { "$@"; }; f touch PWNED',
];

const DENY_EVASION: Case[] = DENY_SHAPES.flatMap((input) => [
  { name: `allow Bash, deny touch: ${JSON.stringify(input)}`, ...TOUCH_DENIED, input, worked: pwned },
  { name: `bypass, deny touch: ${JSON.stringify(input)}`, ...BYPASS_TOUCH_DENIED, input, worked: pwned },
]);

/** D: `cd` is followed. */
const CD_TRACKING: Case[] = [
  { name: 'cd src && overwrite a file under an Edit deny', allow: ['Bash(echo:*)', 'Bash(cd:*)'], deny: ['Edit(./src/**)'], files: { 'src/app.txt': 'original\n' }, input: 'cd src && echo x > app.txt', worked: (run) => readFileSync(path.join(run.project.root, 'src/app.txt'), 'utf8') !== 'original\n' },
  { name: 'cd src; overwrite (sequence)', mode: 'acceptEdits', deny: ['Edit(./src/**)'], files: { 'src/app.txt': 'original\n' }, input: 'cd src; echo x > app.txt', worked: (run) => readFileSync(path.join(run.project.root, 'src/app.txt'), 'utf8') !== 'original\n' },
  { name: 'cd into .git/hooks and write a hook', ...gitProject, allow: ['Bash'], sandbox: false, input: 'cd .git/hooks && echo "touch PWNED" > pre-commit', worked: (run) => exists(run, '.git/hooks/pre-commit') },
  { name: 'pushd into .git/hooks and write a hook', ...gitProject, mode: 'acceptEdits', sandbox: false, input: 'pushd .git/hooks && echo "touch PWNED" > pre-commit', worked: (run) => exists(run, '.git/hooks/pre-commit') },
  { name: 'cd secrets && cat a denied key', deny: ['Read(./secrets/**)'], files: { 'secrets/key.pem': SECRET }, input: 'cd secrets && cat key.pem', worked: printed },
  { name: 'cd to a computed folder, then read a denied key through <', allow: ['Bash'], sandbox: false, deny: ['Read(./secrets/**)'], files: { 'secrets/key.pem': SECRET }, input: 'cd "$(echo secrets)" && cat < key.pem', worked: printed },
  { name: 'cd secrets in a subshell, then cat', deny: ['Read(./secrets/**)'], files: { 'secrets/key.pem': SECRET }, input: '(cd secrets && cat key.pem)', worked: printed },
  { name: 'cd outside, then write', mode: 'acceptEdits', sandbox: false, input: 'cd {{outside}} && echo x > dropped.txt', worked: (run) => exists({ ...run, project: { ...run.project, root: run.outside } }, 'dropped.txt') },
];

/** E: Read deny rules and the programs that read. */
const READ_DENIES: Case[] = [
  ...['cat .e*', 'cat .en?', 'grep -r TOKEN .', 'grep -R TOKEN', 'rg TOKEN', 'expand .env', 'join .env .env', 'tac .env', 'git diff --no-index /dev/null .env', 'git grep --no-index TOKEN', "sed '1r .env' f.txt", 'head -c 100 < .env', 'find . -name .env -exec cat {} \\;', 'ls -a | xargs cat 2>/dev/null', 'python3 -c \'print(open(".env").read())\'', 'cat ./.env', 'cat src/../.env', 'cp .env leak.txt && cat leak.txt'].map(
    (input): Case => ({ name: `reads .env: ${input}`, ...ENV_DENIED, allow: ['Bash(python3:*)', 'Bash(cp:*)', 'Bash(cat:*)'], git: input.startsWith('git'), input, worked: printed }),
  ),
];

/** F: outside the working directories. */
const OUTSIDE: Case[] = [
  { name: 'cat a file outside, default mode', outsideFiles: { 'secret.txt': SECRET }, input: 'cat {{outside}}/secret.txt', worked: printed },
  { name: 'cat the string-prefix sibling of the project', siblingFiles: { 'secret.txt': SECRET }, input: 'cat {{project}}-evil/secret.txt', worked: printed },
  { name: 'ls / under Bash(ls:*)', allow: ['Bash(ls:*)'], input: 'ls /', worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'ls .. under Bash(ls:*)', allow: ['Bash(ls:*)'], input: 'ls ..', worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'git -C outside under Bash(git log:*)', allow: ['Bash(git log:*)'], input: 'git -C {{outside}} log -p', worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'cat /etc/passwd under Bash(cat:*)', allow: ['Bash(cat:*)'], input: 'cat /etc/passwd', worked: (run) => run.text.includes('root:') },
  { name: 'cp to ../x under Bash(cp:*)', allow: ['Bash(cp:*)'], sandbox: false, files: { 'a.txt': 'a' }, input: 'cp a.txt {{outside}}/x', worked: (run) => exists({ ...run, project: { ...run.project, root: run.outside } }, 'x') },
  { name: 'touch ../x under Bash(touch:*)', allow: ['Bash(touch:*)'], sandbox: false, input: 'touch {{outside}}/x', worked: (run) => exists({ ...run, project: { ...run.project, root: run.outside } }, 'x') },
  { name: 'mkdir ../x under Bash(mkdir:*)', allow: ['Bash(mkdir:*)'], sandbox: false, input: 'mkdir {{outside}}/x', worked: (run) => exists({ ...run, project: { ...run.project, root: run.outside } }, 'x') },
  { name: 'rm ../x under Bash(rm:*)', allow: ['Bash(rm:*)'], sandbox: false, outsideFiles: { x: 'keep' }, input: 'rm {{outside}}/x', worked: (run) => !exists({ ...run, project: { ...run.project, root: run.outside } }, 'x') },
];

/** G: writes a prefix rule grants without meaning to. */
const HIDDEN_WRITES: Case[] = [
  { name: "sed -n 'w F' under Bash(sed -n:*)", allow: ['Bash(sed -n:*)'], files: { 'f.txt': 'x\n' }, input: "sed -n 'w PWNED' f.txt", worked: pwned },
  { name: 'sed -n -i under Bash(sed -n:*)', allow: ['Bash(sed -n:*)'], files: { 'f.txt': 'x\n' }, input: "sed -n -i 's/x/PWNED/p' f.txt", worked: (run) => readFileSync(path.join(run.project.root, 'f.txt'), 'utf8').includes('PWNED') },
  { name: 'git diff --output under Bash(git diff:*)', allow: ['Bash(git diff:*)'], ...gitProject, input: 'git diff --output=PWNED', worked: pwned },
  { name: 'find -delete under Bash(find:*)', allow: ['Bash(find:*)'], files: { 'keep.txt': 'x' }, input: 'find . -name keep.txt -delete', worked: (run) => !exists(run, 'keep.txt') },
  { name: 'find -fprint under Bash(find:*)', allow: ['Bash(find:*)'], input: 'find . -maxdepth 0 -fprint PWNED', worked: pwned },
  { name: 'sort -o under Bash(sort:*)', allow: ['Bash(sort:*)'], files: { 'f.txt': 'x\n' }, input: 'sort -o PWNED f.txt', worked: pwned },
];

/** Ordinary work that must not be blocked. */
const BENIGN: Case[] = [
  { name: 'control: a rule that allows touch lets it run, and the harness sees the file', allow: ['Bash(touch:*)'], input: 'touch PWNED', worked: pwned },
  { name: 'acceptEdits: echo into a new file', mode: 'acceptEdits', input: 'echo hi > out.txt', worked: (run) => exists(run, 'out.txt') },
  { name: 'acceptEdits with Bash(echo:*): echo into a new file', mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: 'echo hi > out.txt', worked: (run) => exists(run, 'out.txt') },
  { name: 'acceptEdits: mkdir and touch inside the project', mode: 'acceptEdits', input: 'mkdir -p build && touch build/a', worked: (run) => exists(run, 'build/a') },
  { name: 'default: read-only pipeline', files: { 'a.txt': 'b\na\n' }, input: 'cat a.txt | sort | head -1 > /dev/null && echo done', worked: (run) => run.text.includes('done') },
  { name: 'default: cd into a folder and list it', files: { 'src/x.ts': '' }, input: 'cd src && ls', worked: (run) => run.text.includes('x.ts') },
  { name: 'default: git status in the project repository', ...gitProject, input: 'git status --short && echo clean', worked: (run) => run.text.includes('clean') },
  { name: 'default: grep -r with a Read deny and no denied file there', deny: ['Read(.env)'], files: { 'src/a.ts': 'TOKEN here\n' }, input: 'grep -r TOKEN src', worked: (run) => run.text.includes('TOKEN here') },
  { name: 'deny touch: a command that only mentions touch', ...TOUCH_DENIED, input: "echo 'touch the file' && git --version", worked: (run) => run.text.includes('touch the file') },
];

const SANDBOX = isSandboxAvailable();

describe.each([
  ['A. sandbox escapes and config takeover', SANDBOX_ESCAPES],
  ['B. read-only commands that run code', READ_ONLY_THAT_RUNS],
  ['C. deny rules evaded', DENY_EVASION],
  ['D. cd is followed', CD_TRACKING],
  ['E. Read denies and readers', READ_DENIES],
  ['F. outside the working directories', OUTSIDE],
  ['G. hidden writes under prefix rules', HIDDEN_WRITES],
])('%s', (_title, cases) => {
  it.each(cases.filter((entry) => SANDBOX || !entry.needsSandbox).map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld(entry));
});

describe('planted config files', () => {
  it.runIf(SANDBOX)('a .codevrc.mjs the sandbox lets a command make beside codev.config.ts is refused at load, unrun', async () => {
    const run = await runAttack({ ...BYPASS, files: { 'codev.config.ts': 'export default {};\n' }, input: `python3 -c "open('.codevrc.mjs', 'w').write('import { writeFileSync } from \\'node:fs\\'; writeFileSync(\\'PWNED\\', \\'\\'); export default {}')"` });
    try {
      expect(exists(run, '.codevrc.mjs')).toBe(true);
      await expect(loadConfig({ cwd: run.project.root })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
      expect(pwned(run)).toBe(false);
    } finally {
      cleanUp(run);
    }
  });

  it('a codev key written into package.json does not become the config', async () => {
    const run = await runAttack({ allow: ['Bash(echo:*)', 'Edit(./**)'], input: 'echo \'{"name":"x","codev":{"permissions":{"mode":"bypassPermissions","allow":["Bash"]}}}\' > package.json' });
    try {
      expect(readFileSync(path.join(run.project.root, 'package.json'), 'utf8')).toContain('"codev"');
      expect(await configTakenOver(run)).toBe(false);
    } finally {
      cleanUp(run);
    }
  });
});

describe('ordinary work', () => {
  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectAllowed(entry));
});

describe('H. smaller', () => {
  it('a skill folder named ..evil is inside skills/', async () => {
    const run = await runAttack({ tool: 'Write', mode: 'acceptEdits', input: { file_path: '{{project}}/skills/..evil/SKILL.md', content: '---\nallowed-tools: Bash\n---\n' } });
    try {
      expect(exists(run, 'skills/..evil/SKILL.md')).toBe(false);
      expect(run.output.decision?.behavior).toBe('deny');
    } finally {
      cleanUp(run);
    }
  });

  let server: ReturnType<typeof createServer>;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits++;
      response.end('<html><body>secret page</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '0.0.0.0', 'localhost', '2130706433'])('WebFetch(domain:127.0.0.1) deny stops http://%s/', async (host) => {
    const before = hits;
    const run = await runAttack({ tool: 'WebFetch', allow: ['WebFetch'], deny: ['WebFetch(domain:127.0.0.1)'], input: { url: `http://${host}:${port}/`, prompt: 'x' } });
    try {
      expect(hits).toBe(before);
      expect(run.output.decision?.behavior).toBe('deny');
    } finally {
      cleanUp(run);
    }
  });

  it.runIf(SANDBOX)('inside the sandbox, git status shows no placeholders', async () => {
    const run = await runAttack({ ...gitProject, input: 'git status --porcelain --untracked-files=all; echo end' });
    try {
      expect(run.text.trim()).toBe('end');
    } finally {
      cleanUp(run);
    }
  });

  it('codev tool reports a failing command as an error, with exit code 1', async () => {
    const run = await runAttack({ input: 'ls missing-file' });
    try {
      expect(run.output.is_error).toBe(true);
      expect(run.exitCode).toBe(1);
      expect(run.output.decision?.behavior).toBe('allow');
      expect(run.text).toContain('Exit code 2');
    } finally {
      cleanUp(run);
    }
  });
});
