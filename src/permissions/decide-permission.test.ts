import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { CanUseTool, CanUseToolOptions } from './types.ts';
import { definePermissionRule } from './define-permission-rule.ts';
import { ranCommands, testFetch, testPlain, testRead, testShell, testWrite } from './test-fixtures/permission-tools.ts';

const ran = ranCommands;
const [shell, write, read, fetchTool, plain] = [testShell, testWrite, testRead, testFetch, testPlain];
const tools = [shell, write, read, fetchTool, plain];

const allowOnce: CanUseTool = () => ({ behavior: 'allow' });
function recordingPrompt(answer: Awaited<ReturnType<CanUseTool>>) {
  const asked: CanUseToolOptions[] = [];
  const canUseTool: CanUseTool = (_tool, _input, options) => { asked.push(options); return answer; };
  return { asked, canUseTool };
}

describe('permission precedence', () => {
  it('deny beats ask beats allow, whatever the order or specificity', async () => {
    const context = createTestContext({ tools, allow: ['Bash(git push origin main)'], ask: ['Bash(git push *)'], deny: ['Bash(git push origin *)'] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'git push origin main' }, context, canUseTool: allowOnce });
    expect(result.status).toBe('denied');
    expect(result.decision).toMatchObject({ behavior: 'deny', source: 'config', rule: 'Bash(git push origin *)', ruleSource: 'session' });
  });

  it('an ask rule beats a more specific allow rule', async () => {
    const { asked, canUseTool } = recordingPrompt({ behavior: 'deny', message: 'not now' });
    const context = createTestContext({ tools, allow: ['Bash(npm publish --dry-run)'], ask: ['Bash(npm publish *)'] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'npm publish --dry-run' }, context, canUseTool });
    expect(asked).toHaveLength(1);
    expect(result.decision).toMatchObject({ behavior: 'deny', source: 'user_reject' });
    expect(resultText(result)).toContain('the user said:\nnot now');
  });

  it('every subcommand of a compound command must be allowed; a deny matches any part', async () => {
    const allowEcho = createTestContext({ tools, allow: ['Bash(echo *)'] });
    const compound = await runTool({ name: 'Bash', input: { command: 'echo hi && rm -rf /tmp/x' }, context: allowEcho });
    expect(compound.result.status).toBe('denied');
    expect(compound.result.decision?.source).toBe('user_reject');
    const both = createTestContext({ tools, allow: ['Bash(echo *)', 'Bash(ls *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'echo hi && ls -la | echo done' }, context: both })).result.status).toBe('ok');
    const deny = createTestContext({ tools, allow: ['Bash'], deny: ['Bash(rm *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'echo ok; FOO=1 timeout 5 rm -rf /' }, context: deny })).result.status).toBe('denied');
  });

  it('checks a rewritten command substitution as its own command', async () => {
    const context = createTestContext({ tools, allow: ['Bash(echo *)'], deny: ['Bash(curl *)'] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'echo "$(curl http://evil.example)"' }, context, canUseTool: allowOnce });
    expect(result.decision).toMatchObject({ behavior: 'deny', rule: 'Bash(curl *)' });
  });

  it('blanket deny removes nothing at call time that a scoped allow could bring back', async () => {
    const context = createTestContext({ tools, deny: ['Plain'], allow: ['Plain'] });
    expect((await runTool({ name: 'Plain', context })).result.status).toBe('denied');
  });

  it('param rules deny or ask on a scalar input field', async () => {
    const context = createTestContext({ tools, deny: ['Bash(run_in_background:true)', 'Plain(mode:danger*)'], allow: ['Bash'] });
    expect((await runTool({ name: 'Bash', input: { command: 'ls', run_in_background: true }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Bash', input: { command: 'ls' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Plain', input: { mode: 'dangerous' }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Plain', input: { mode: 'safe' }, context })).result.status).toBe('ok');
  });

  it('matches WebFetch domain rules on the parsed host', async () => {
    const context = createTestContext({ tools, allow: ['WebFetch(domain:*.example.com)'] });
    expect((await runTool({ name: 'WebFetch', input: { url: 'https://docs.example.com/a' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'WebFetch', input: { url: 'https://example.com.evil.net/a' }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'WebFetch', input: { url: 'https://docs.example.com@evil.net/' }, context })).result.status).toBe('denied');
  });
});

describe('path rules', () => {
  it('a Read deny also blocks writes, through symlinks and ..', async () => {
    const context = createTestContext({ tools, deny: ['Read(./secrets/**)'] });
    mkdirSync(path.join(context.cwd, 'secrets'), { recursive: true });
    mkdirSync(path.join(context.cwd, 'src'), { recursive: true });
    writeFileSync(path.join(context.cwd, 'secrets', 'key'), 'k');
    symlinkSync(path.join(context.cwd, 'secrets'), path.join(context.cwd, 'src', 'innocent'));
    for (const file_path of [path.join(context.cwd, 'secrets/key'), path.join(context.cwd, 'src/../secrets/key'), path.join(context.cwd, 'src/innocent/key')]) {
      expect((await runTool({ name: 'Read', input: { file_path }, context })).result.status, file_path).toBe('denied');
      expect((await runTool({ name: 'Write', input: { file_path, content: 'x' }, context, canUseTool: allowOnce })).result.status, file_path).toBe('denied');
    }
    expect((await runTool({ name: 'Read', input: { file_path: path.join(context.cwd, 'src/ok.ts') }, context })).result.status).toBe('ok');
  });

  it('an allow needs both the link and its target to match', async () => {
    const outside = createTestContext().cwd;
    const context = createTestContext({ tools, allow: ['Edit(./**)'] });
    symlinkSync(outside, path.join(context.cwd, 'link'));
    expect((await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, 'a.txt'), content: 'x' }, context })).result.status).toBe('ok');
    const escaped = await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, 'link/b.txt'), content: 'x' }, context });
    expect(escaped.result.status).toBe('denied');
  });

  it('reads outside the working directories ask; additional directories count', async () => {
    const other = createTestContext().cwd;
    const context = createTestContext({ tools });
    expect((await runTool({ name: 'Read', input: { file_path: path.join(other, 'x') }, context })).result.status).toBe('denied');
    const widened = createTestContext({ tools, additionalWorkingDirectories: [other] });
    expect((await runTool({ name: 'Read', input: { file_path: path.join(other, 'x') }, context: widened })).result.status).toBe('ok');
    const prefixTwin = createTestContext({ tools, additionalWorkingDirectories: [other] });
    expect((await runTool({ name: 'Read', input: { file_path: `${other}-evil/x` }, context: prefixTwin })).result.status).toBe('denied');
  });

  it('a shell redirect is a file write checked against Edit rules', async () => {
    const context = createTestContext({ tools, allow: ['Bash(echo *)'] });
    const redirected = await runTool({ name: 'Bash', input: { command: 'echo hi > /etc/passwd' }, context });
    expect(redirected.result.status).toBe('denied');
    expect((await runTool({ name: 'Bash', input: { command: 'echo hi > /dev/null' }, context })).result.status).toBe('ok');
    const withEdit = createTestContext({ tools, allow: ['Bash(echo *)', 'Edit(./out/**)'] });
    expect((await runTool({ name: 'Bash', input: { command: `echo hi > ${withEdit.cwd}/out/log.txt` }, context: withEdit })).result.status).toBe('ok');
  });

  it('writes to protected paths always ask, even with an allow rule or in acceptEdits', async () => {
    const context = createTestContext({ tools, mode: 'acceptEdits', allow: ['Edit(./**)'] });
    for (const file of ['.git/config', '.codev/settings.local.json', 'codev.config.ts', 'sub/.bashrc', 'skills/deploy/SKILL.md', '.codev/skills/x/SKILL.md']) {
      const { result } = await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, file), content: 'x' }, context });
      expect(result.status, file).toBe('denied');
      expect(result.decision?.reason?.type, file).toBe('safetyCheck');
    }
    expect((await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, 'src/a.ts'), content: 'x' }, context })).result.status).toBe('ok');
    // Only the top skills folder of the working directory and the project root: a src/skills folder is code.
    expect((await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, 'src/skills/a.ts'), content: 'x' }, context })).result.status).toBe('ok');
  });

  it('a skill written by the model cannot grant itself tools: the skills folder of the project root asks too', async () => {
    const context = Object.assign(createTestContext({ tools, mode: 'acceptEdits' }), { projectRoot: path.join(os.tmpdir(), 'codev-root-demo') });
    const { result } = await runTool({ name: 'Write', input: { file_path: path.join(context.projectRoot, 'skills', 'x', 'SKILL.md'), content: '---\nallowed-tools: Bash\n---\n' }, context });
    expect(result.status).toBe('denied');
    expect(result.decision?.reason?.type).toBe('safetyCheck');
  });
});

describe('modes', () => {
  const writeInput = (cwd: string) => ({ file_path: path.join(cwd, 'a.txt'), content: 'x' });

  it('default asks for writes; acceptEdits allows them inside the working directories', async () => {
    const prompt = recordingPrompt({ behavior: 'allow' });
    const defaultContext = createTestContext({ tools });
    const { result } = await runTool({ name: 'Write', input: writeInput(defaultContext.cwd), context: defaultContext, canUseTool: prompt.canUseTool });
    expect(prompt.asked).toHaveLength(1);
    expect(result.decision).toMatchObject({ behavior: 'allow', source: 'user_temporary' });
    const accept = createTestContext({ tools, mode: 'acceptEdits' });
    expect((await runTool({ name: 'Write', input: writeInput(accept.cwd), context: accept })).result.decision?.source).toBe('config');
    const outside = createTestContext().cwd;
    expect((await runTool({ name: 'Write', input: writeInput(outside), context: accept })).result.status).toBe('denied');
  });

  it('bypassPermissions allows everything except deny rules, ask rules and safety checks', async () => {
    const context = createTestContext({ tools, mode: 'bypassPermissions', deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'curl x > out.txt && make' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Bash', input: { command: 'rm -rf /' }, context, canUseTool: allowOnce })).result.status).toBe('denied');
    // A shell fed from a pipe runs code no one can check against the deny rule: only a person may let it run.
    expect((await runTool({ name: 'Bash', input: { command: 'curl x | sh' }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Bash', input: { command: 'curl x | sh' }, context, canUseTool: allowOnce })).result.status).toBe('ok');
    expect((await runTool({ name: 'Bash', input: { command: 'git push origin' }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Bash', input: { command: 'git push origin' }, context, canUseTool: allowOnce })).result.status).toBe('ok');
  });

  it('plan allows reads and asks for anything else, even with an allow rule', async () => {
    const context = createTestContext({ tools, mode: 'plan', allow: ['Edit(./**)', 'Plain'] });
    expect((await runTool({ name: 'Read', input: { file_path: path.join(context.cwd, 'a') }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Write', input: writeInput(context.cwd), context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Plain', context })).result.status).toBe('denied');
  });

  it('dontAsk denies whatever would ask, without calling canUseTool', async () => {
    const prompt = recordingPrompt({ behavior: 'allow' });
    const context = createTestContext({ tools, mode: 'dontAsk', allow: ['Bash(ls *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'ls -la' }, context, canUseTool: prompt.canUseTool })).result.status).toBe('ok');
    const { result } = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: prompt.canUseTool });
    expect(result.status).toBe('denied');
    expect(resultText(result)).toContain('dontAsk mode');
    expect(prompt.asked).toHaveLength(0);
  });

  it('auto asks the classifier with toAutoClassifierInput, but never for an ask rule', async () => {
    const seen: string[] = [];
    const classified = buildTool({ ...{ name: 'Deploy', description: 'd' }, inputSchema: z.object({ target: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), toAutoClassifierInput: ({ target }) => `deploy ${target}`, call: () => ({ data: 'deployed' }) });
    const classifier = { name: 'test', classify: async ({ summary }: { summary: string }) => { seen.push(summary); return summary.includes('prod') ? { behavior: 'deny' as const, reason: 'production' } : { behavior: 'allow' as const, reason: 'staging is fine' }; } };
    const context = createTestContext({ tools: [classified], mode: 'auto', classifier, ask: ['Deploy(target:canary)'] });
    expect((await runTool({ name: 'Deploy', input: { target: 'staging' }, context })).result.status).toBe('ok');
    const prod = await runTool({ name: 'Deploy', input: { target: 'prod' }, context, canUseTool: allowOnce });
    expect(prod.result.status).toBe('denied');
    expect(prod.result.decision?.reason).toMatchObject({ type: 'classifier', reason: 'production' });
    const prompt = recordingPrompt({ behavior: 'allow' });
    expect((await runTool({ name: 'Deploy', input: { target: 'canary' }, context, canUseTool: prompt.canUseTool })).result.status).toBe('ok');
    expect(prompt.asked).toHaveLength(1);
    expect(seen).toEqual(['deploy staging', 'deploy prod']);
  });
});

describe('canUseTool', () => {
  it('validates and re-checks a rewritten input against deny rules', async () => {
    const context = createTestContext({ tools, deny: ['Bash(rm *)'] });
    const sneaky: CanUseTool = () => ({ behavior: 'allow', updatedInput: { command: 'rm -rf /' } });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: sneaky })).result.status).toBe('denied');
    const invalid: CanUseTool = () => ({ behavior: 'allow', updatedInput: { command: 42 } });
    const bad = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: invalid });
    expect(bad.result.status).toBe('denied');
    expect(resultText(bad.result)).toContain('updatedInput must satisfy');
    const fine: CanUseTool = () => ({ behavior: 'allow', updatedInput: { command: 'make test' } });
    const ok = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: fine });
    expect(resultText(ok.result)).toBe('ran make test');
  });

  it('offers per-subcommand suggestions and persists "always allow" atomically', async () => {
    const context = createTestContext({ tools });
    const first = recordingPrompt({ behavior: 'allow', updatedPermissions: [{ type: 'addRules', behavior: 'allow', rules: ['Bash(make test)'], destination: 'local' }] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'make test && make lint' }, context, canUseTool: first.canUseTool });
    expect(first.asked[0]!.suggestions).toEqual([{ type: 'addRules', behavior: 'allow', rules: ['Bash(make test)', 'Bash(make lint)'], destination: 'local' }]);
    expect(result.decision?.source).toBe('user_permanent');
    expect(JSON.parse(readFileSync(context.localSettingsFile!, 'utf8'))).toEqual({ permissions: { allow: ['Bash(make test)'] } });
    const again = await runTool({ name: 'Bash', input: { command: 'make test' }, context });
    expect(again.result.decision).toMatchObject({ behavior: 'allow', source: 'config', ruleSource: 'local' });
  });

  it('a corrupt settings file is an error, never an allow-all', async () => {
    const warnings: string[] = [];
    const context = createTestContext({ tools });
    context.onWarning = (message) => warnings.push(message);
    mkdirSync(path.dirname(context.localSettingsFile!), { recursive: true });
    writeFileSync(context.localSettingsFile!, '{ "permissions": { "allow": ["Bash"');
    const always: CanUseTool = () => ({ behavior: 'allow', updatedPermissions: [{ type: 'addRules', behavior: 'allow', rules: ['Bash(make)'], destination: 'local' }] });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: always })).result.status).toBe('ok');
    expect(warnings.join('\n')).toContain('not valid JSON');
    expect(readFileSync(context.localSettingsFile!, 'utf8')).toBe('{ "permissions": { "allow": ["Bash"');
  });

  it('an interrupting deny and a throwing prompt both deny', async () => {
    const context = createTestContext({ tools });
    const stop: CanUseTool = () => ({ behavior: 'deny', interrupt: true });
    const stopped = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: stop });
    expect(stopped.result.interrupt).toBe(true);
    const throwing: CanUseTool = () => { throw new Error('tty closed'); };
    const failed = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool: throwing });
    expect(failed.result.status).toBe('denied');
    expect(resultText(failed.result)).toContain('tty closed');
  });
});

describe('rule functions', () => {
  it('deny and ask always count; allow never beats an ask rule; a failing rule asks', async () => {
    const denyWrites = definePermissionRule({ name: 'no-tmp', check: (tool, input) => (tool.name === 'Bash' && String(input.command).includes('/tmp') ? 'deny' : undefined) });
    const allowAll = definePermissionRule({ name: 'yes', check: () => 'allow' });
    const context = createTestContext({ tools, ruleSets: [denyWrites, allowAll], ask: ['Bash(git *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'ls /tmp' }, context })).result.decision).toMatchObject({ behavior: 'deny', reason: { type: 'ruleFunction', name: 'no-tmp' } });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Bash', input: { command: 'git status' }, context })).result.status).toBe('denied');
    const failing = definePermissionRule({ name: 'broken', check: () => { throw new Error('oops'); } });
    expect((await runTool({ name: 'Plain', context: createTestContext({ tools, ruleSets: [failing] }) })).result.status).toBe('denied');
  });

  it('matches Agent(Name) rules against the name a tool reports', async () => {
    const agent = buildTool({ name: 'Agent', description: 'd', inputSchema: z.object({ subagent_type: z.string() }), getPermissionTargets: ({ subagent_type }) => [{ kind: 'name', value: subagent_type }], checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'ok' }) });
    const context = createTestContext({ tools: [agent], allow: ['Agent(Explore)'], deny: ['Agent(rogue-*)'] });
    expect((await runTool({ name: 'Agent', input: { subagent_type: 'Explore' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Task', input: { subagent_type: 'Explore' }, context })).result.status).toBe('ok');
    expect((await runTool({ name: 'Agent', input: { subagent_type: 'Plan' }, context })).result.status).toBe('denied');
    expect((await runTool({ name: 'Agent', input: { subagent_type: 'rogue-1' }, context, canUseTool: allowOnce })).result.decision?.rule).toBe('Agent(rogue-*)');
  });
});

describe('file commands inside shell commands', () => {
  it('a Read deny also stops shell commands that read the file; an Edit deny stops ones that change it', async () => {
    const context = createTestContext({ tools, allow: ['Bash'], deny: ['Read(./.env)', 'Edit(./secrets/**)'] });
    for (const command of ['cat .env', 'head -n 3 ./.env', 'grep KEY .env', 'sort < .env', 'cp .env /tmp/x', 'echo ok && tail .env', 'timeout 5 cat .env']) {
      const { result } = await runTool({ name: 'Bash', input: { command }, context });
      expect(result.status, command).toBe('denied');
      expect(result.decision?.rule, command).toBe('Read(./.env)');
    }
    for (const command of ['rm -rf secrets/keys', 'touch secrets/new', "sed -i 's/a/b/' secrets/conf", 'mv notes secrets/notes']) {
      expect((await runTool({ name: 'Bash', input: { command }, context })).result.status, command).toBe('denied');
    }
    for (const command of ['cat README.md', 'grep .env notes.txt', 'echo .env', 'ls secrets']) {
      expect((await runTool({ name: 'Bash', input: { command }, context })).result.status, command).toBe('ok');
    }
  });

  it('code no analysis reads asks under a Read or Edit deny outside the sandbox, whatever allows it; inside, the sandbox holds it to the rule', async () => {
    for (const deny of ['Read(./.env)', 'Edit(./secrets/**)']) {
      const context = createTestContext({ tools, allow: ['Bash(python3:*)', 'Bash(bash:*)', 'Bash(echo:*)'], deny: [deny] });
      // A script file, like any program codev cannot fully describe, may read or write any file too (issue 29).
      for (const command of [`python3 -c 'print(open(".env").read())'`, 'bash -c "$X"', 'echo x | bash', '$RUN .env', 'python3 -c "$(echo print)"', 'python3 script.py']) {
        const { asked, canUseTool } = recordingPrompt({ behavior: 'deny', message: 'no' });
        const outside = await runTool({ name: 'Bash', input: { command }, context, canUseTool });
        expect(outside.result.status, `${deny} ${command}`).toBe('denied');
        expect(asked, `${deny} ${command}`).toHaveLength(1);
        expect(asked[0]!.decisionReason, `${deny} ${command}`).toMatchObject({ type: 'rule', rule: { text: deny } });
      }
      expect((await runTool({ name: 'Bash', input: { command: `python3 -c 'print(1)'`, sandboxed: true }, context })).result.status, deny).toBe('ok');
      expect((await runTool({ name: 'Bash', input: { command: 'python3 script.py', sandboxed: true }, context })).result.status, deny).toBe('ok');
    }
    const noPathRule = createTestContext({ tools, allow: ['Bash(python3:*)'], deny: ['WebFetch(domain:example.com)'] });
    expect((await runTool({ name: 'Bash', input: { command: `python3 -c 'print(1)'` }, context: noPathRule })).result.status).toBe('ok');
  });

  it('removing or touching protected paths asks even in bypassPermissions mode', async () => {
    const context = createTestContext({ tools, mode: 'bypassPermissions' });
    for (const command of ['rm -rf .git', 'touch codev.config.ts', 'mv a .codev/settings.local.json']) {
      const { result } = await runTool({ name: 'Bash', input: { command }, context });
      expect(result.decision?.reason?.type, command).toBe('safetyCheck');
    }
    expect((await runTool({ name: 'Bash', input: { command: 'rm -rf build' }, context })).result.status).toBe('ok');
  });
});
