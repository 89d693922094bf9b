import { describe, expect, it } from 'vitest';
import { createPermissionContext } from './create-permission-context.ts';
import { lintRules } from './lint-rules.ts';

describe('lintRules', () => {
  it('warns about rules that cannot work, and is quiet about good ones', () => {
    const context = createPermissionContext({
      allow: { project: ['*', 'mcp__*', 'mcp__github__*', 'Bash(npm:*)', 'Agent(model:opus)'] },
      deny: { user: ['WebFetch(https://example.com/)', 'Deploy(url:*)', 'Bash(run_in_background:true)', 'Bash('] },
    });
    const warnings = lintRules(context);
    const about = (text: string) => warnings.filter((warning) => warning.includes(text)).length;
    expect(about('"*"')).toBeGreaterThan(0);
    expect(about('mcp__*')).toBeGreaterThan(0);
    expect(about('rule "mcp__github__*"')).toBe(0);
    expect(about('npm:*')).toBe(0);
    expect(about('model:opus')).toBe(1);
    expect(about('https://example.com/')).toBe(1);
    expect(about('url:*')).toBe(1);
    expect(about('run_in_background')).toBe(0);
    expect(about('Bash(')).toBe(1);
    expect(warnings).toHaveLength(6);
  });

  it('warns about command and path patterns that cannot mean what they look like', () => {
    const context = createPermissionContext({
      deny: { project: ['Bash(npm:* test)', 'Read($HOME/.ssh/**)', 'Read(~alice/x)', 'Edit(src:*)', 'Bash(npm test:*)', 'Read(~/.ssh/**)', 'Bash(echo a\\:*b)'] },
    });
    const warnings = lintRules(context);
    for (const rule of ['npm:* test', '$HOME', '~alice', 'src:*']) expect(warnings.filter((warning) => warning.includes(rule)), rule).toHaveLength(1);
    expect(warnings).toHaveLength(4);
  });
});
