import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { defineHook } from '../hooks/define-hook.ts';
import { definePlugin } from '../plugins/define-plugin.ts';
import { validateConfig } from './validate-config.ts';

function invalid(value: unknown): CodevError {
  try {
    validateConfig({ value, file: '/project/codev.config.ts' });
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('validateConfig', () => {
  it('applies defaults to an empty config', () => {
    expect(validateConfig({ value: {} })).toEqual({
      plugins: [],
      pluginDirs: ['plugins'],
      permissions: { allow: [], deny: [], ask: [], additionalDirectories: [] },
      hooks: [],
      mcpServers: {},
      agents: {},
      subagents: {},
      tools: {},
    });
    expect(validateConfig({ value: undefined }).pluginDirs).toEqual(['plugins']);
  });

  it('accepts every documented field', () => {
    const plugin = definePlugin({ name: 'inline' });
    const hook = defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => undefined });
    const config = validateConfig({
      value: {
        plugins: ['./tools/deploy.ts', plugin],
        pluginDirs: ['plugins', 'more-plugins'],
        permissions: { mode: 'acceptEdits', allow: ['Bash(npm test)'], deny: ['Bash(git push *)'], ask: ['Edit(package.json)'], additionalDirectories: ['../shared'] },
        hooks: [hook],
        mcpServers: { files: { command: 'npx', args: ['server'], env: { A: '1' }, cwd: '.' }, remote: { url: 'http://127.0.0.1:9/mcp', headers: { authorization: 'x' } } },
        model: 'claude-sonnet-4-5',
        maxToolConcurrency: 4,
        tools: { WebSearch: { backend: 'searxng' } },
      },
    });
    expect(config.plugins[1]).toBe(plugin);
    expect(config.hooks[0]).toBe(hook);
    expect(config.permissions.mode).toBe('acceptEdits');
    expect(config.tools.WebSearch).toEqual({ backend: 'searxng' });
  });

  it('reports an unknown key by name, with the keys that are allowed', () => {
    const error = invalid({ plugin: [] });
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.field).toBe('plugin');
    expect(error.file).toBe('/project/codev.config.ts');
    expect(error.message).toContain('plugin: unknown key; did you mean "plugins"? expected one of the keys plugins, pluginDirs, permissions');
  });

  it('suggests the key an unknown key was probably meant to be, and none when nothing is close', () => {
    const error = invalid({ pluginDir: ['tools'], permisions: {}, zzz: 1 });
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('pluginDir: unknown key; did you mean "pluginDirs"?');
    expect(error.message).toContain('permisions: unknown key; did you mean "permissions"?');
    expect(error.message).toContain('zzz: unknown key; expected one of the keys');
  });

  it('names nested unknown keys and the allowed keys at that level', () => {
    const error = invalid({ permissions: { allwo: [] } });
    expect(error.message).toContain('permissions.allwo: unknown key; did you mean "allow"? expected one of the keys mode, allow, deny, ask, additionalDirectories');
  });

  it('says what a bad mode was and what was expected', () => {
    const error = invalid({ permissions: { mode: 'yolo' } });
    expect(error.field).toBe('permissions.mode');
    expect(error.message).toContain('permissions.mode: expected one of default, acceptEdits, bypassPermissions, plan, auto, dontAsk; got "yolo"');
  });

  it('reports the index of a rule that does not parse', () => {
    const error = invalid({ permissions: { allow: ['Read', 'Bash(npm test)', 'Bash(oops'] } });
    expect(error.field).toBe('permissions.allow[2]');
    expect(error.message).toMatch(/permissions\.allow\[2\]: expected a permission rule .*Bash\(oops/);
  });

  it('lists every problem in one error, the first as the field', () => {
    const error = invalid({ pluginDirs: 'plugins', maxToolConcurrency: 0, model: 3, hooks: [() => undefined], plugins: [42] });
    const lines = error.message.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines).toHaveLength(5);
    expect(error.message).toContain('Invalid config (5 problems)');
    expect(error.field).toBe('plugins[0]');
    expect(error.message).toContain('plugins[0]: expected a file path (relative to the config file) or a plugin made by definePlugin(); got 42');
    expect(error.message).toContain('pluginDirs: expected array; got "plugins"');
    expect(error.message).toContain('hooks[0]: expected a hook made by defineHook(); got a function');
    expect(error.message).toContain('maxToolConcurrency: expected a number >= 1; got 0');
    expect(error.message).toContain('model: expected string; got 3');
  });

  it('rejects maxToolConcurrency above 100 and non-integers', () => {
    expect(invalid({ maxToolConcurrency: 101 }).message).toContain('maxToolConcurrency: expected a number <= 100; got 101');
    expect(invalid({ maxToolConcurrency: 1.5 }).field).toBe('maxToolConcurrency');
  });

  it('accepts model prices and names the model and field of a bad one', () => {
    expect(validateConfig({ value: { prices: { 'acme-7b': { input: 1, output: 2, cacheRead: 0.1 } } } }).prices).toEqual({ 'acme-7b': { input: 1, output: 2, cacheRead: 0.1 } });
    expect(invalid({ prices: { 'acme-7b': { input: -1, output: 2 } } }).field).toBe('prices["acme-7b"].input');
    expect(invalid({ prices: { 'acme-7b': { input: 1 } } }).field).toBe('prices["acme-7b"].output');
  });

  it('explains an MCP server entry through its closest shape', () => {
    expect(invalid({ mcpServers: { files: { command: 42 } } }).message).toContain('mcpServers.files.command: expected string; got 42');
    expect(invalid({ mcpServers: { files: { command: 'npx', argz: [] } } }).message).toContain(
      'mcpServers.files.argz: unknown key; did you mean "args"? expected one of the keys command, args, env, cwd',
    );
    expect(invalid({ mcpServers: { remote: { url: 'not a url' } } }).field).toBe('mcpServers.remote.url');
  });

  it('requires tool settings to be objects', () => {
    expect(invalid({ tools: { WebSearch: 'searxng' } }).message).toContain('tools.WebSearch: expected record; got "searxng"');
  });

  it('formats as code, file, field and hint', () => {
    const text = invalid({ permissions: { mode: 'yolo' } }).format();
    expect(text).toMatch(/^CONFIG_INVALID: Invalid config \(1 problem\):\n {2}- permissions\.mode: /);
    expect(text).toContain('  at /project/codev.config.ts');
    expect(text).toContain('  field: permissions.mode');
    expect(text).toContain('  fix: ');
  });
});
