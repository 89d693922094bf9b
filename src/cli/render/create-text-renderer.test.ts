import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool } from '../../tool/build-tool.ts';
import { createColors } from './colors.ts';
import { createSpinner } from './create-spinner.ts';
import { createTextRenderer } from './create-text-renderer.ts';

const tool = buildTool({
  name: 'Fetch',
  description: 'd',
  inputSchema: z.object({ url: z.string() }),
  renderToolUseMessage: ({ url }) => `GET ${url}`,
  renderToolResultMessage: (output) => `${String(output).length} bytes`,
  renderToolUseProgressMessage: (progress) => `${progress.length} chunks`,
  call: () => ({ data: 'x' }),
});

describe('text rendering', () => {
  it("renders calls, progress and results through the tool's own render functions", () => {
    let out = '';
    const render = createTextRenderer({ tools: [tool], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: () => {}, interactive: false });
    render({ type: 'text-delta', text: 'Fetching' });
    render({ type: 'tool-call', toolUseId: 't', toolName: 'Fetch', input: { url: 'https://example.com' } });
    render({ type: 'tool-progress', toolUseId: 't', toolName: 'Fetch', progress: { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'lint', status: 'started' } });
    render({ type: 'tool-progress', toolUseId: 't', toolName: 'Fetch', progress: { type: 'chunk' } });
    render({ type: 'tool-result', toolUseId: 't', toolName: 'Fetch', isError: false, status: 'ok', block: { type: 'tool_result', tool_use_id: 't', content: 'hello' }, output: 'hello', durationMs: 1 });
    render({ type: 'tool-result', toolUseId: 'u', toolName: 'Fetch', isError: true, status: 'error', block: { type: 'tool_result', tool_use_id: 'u', content: '<tool_use_error>Error: boom</tool_use_error>' }, durationMs: 1 });
    expect(out).toBe('Fetching\n● Fetch(GET https://example.com)\n  … 1 chunks\n  ⎿ 5 bytes\n  ⎿ <tool_use_error>Error: boom</tool_use_error>\n');
  });

  it('appends progress, once each, when stdout is a terminal but stderr, where spinners go, is not', () => {
    let out = '';
    let err = '';
    const render = createTextRenderer({ tools: [tool], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: (text) => (err += text), interactive: true, spinners: false });
    render({ type: 'tool-call', toolUseId: 't', toolName: 'Fetch', input: { url: 'https://example.com' } });
    render({ type: 'tool-progress', toolUseId: 't', toolName: 'Fetch', progress: { type: 'bash_progress', output: 'one\ntw', partialLine: true, totalLines: 1, totalBytes: 6, elapsedTimeSeconds: 2 } });
    render({ type: 'tool-progress', toolUseId: 't', toolName: 'Fetch', progress: { type: 'bash_progress', output: 'one\ntwo', totalLines: 2, totalBytes: 8, elapsedTimeSeconds: 3 } });
    render({ type: 'tool-result', toolUseId: 't', toolName: 'Fetch', isError: true, status: 'error', block: { type: 'tool_result', tool_use_id: 't', content: 'one\ntwo\nExit code 1' }, durationMs: 1 });
    expect(out).toBe('● Fetch(GET https://example.com)\n  … one\n  … two\n  ⎿ (2 output lines above)\n    Exit code 1\n');
    expect(err).toBe('');
  });

  it('says which call the progress lines and the result that follow belong to, when calls run side by side', () => {
    let out = '';
    const render = createTextRenderer({ tools: [tool], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: () => {}, interactive: false });
    const progress = (id: string, output: string, totalLines: number) => render({ type: 'tool-progress', toolUseId: id, toolName: 'Fetch', progress: { type: 'bash_progress', output, totalLines, totalBytes: 1, elapsedTimeSeconds: 2 } });
    const result = (id: string, content: string) => render({ type: 'tool-result', toolUseId: id, toolName: 'Fetch', isError: false, status: 'ok', block: { type: 'tool_result', tool_use_id: id, content }, output: content, durationMs: 1 });
    render({ type: 'tool-call', toolUseId: 'a', toolName: 'Fetch', input: { url: 'https://a.example' } });
    render({ type: 'tool-call', toolUseId: 'b', toolName: 'Fetch', input: { url: 'https://b.example' } });
    progress('a', 'alpha1', 1);
    progress('b', 'beta1', 1);
    progress('a', 'alpha1\nalpha2', 2);
    result('b', 'beta');
    result('a', 'alpha');
    // Each line of a call's progress or result comes after a line naming that call, and no other call's in between.
    let owner: string | undefined;
    const owners: string[] = [];
    for (const line of out.trimEnd().split('\n')) {
      const named = /https:\/\/(\w)\.example/.exec(line)?.[1];
      if (named) owner = named;
      else if (/alpha|beta/.test(line)) expect(line.includes('alpha') ? 'a' : 'b', line).toBe(owner);
      else owners.push(owner ?? '');
    }
    // The two results ("(n output lines above)" and the tool's rendering): b's, then a's.
    expect(owners, out).toEqual(['b', 'b', 'a', 'a']);
  });

  it('names a call again only when something of another call came in between', () => {
    let out = '';
    const render = createTextRenderer({ tools: [tool], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: () => {}, interactive: false });
    render({ type: 'tool-call', toolUseId: 'a', toolName: 'Fetch', input: { url: 'https://a.example' } });
    render({ type: 'tool-result', toolUseId: 'a', toolName: 'Fetch', isError: false, status: 'ok', block: { type: 'tool_result', tool_use_id: 'a', content: 'x' }, output: 'x', durationMs: 1 });
    expect(out.match(/a\.example/g)).toHaveLength(1);
  });

  it('shows thinking dimmed and apart from the answer, and says when a fallback model takes over', () => {
    let out = '';
    let err = '';
    const render = createTextRenderer({ tools: [], colors: createColors({ isTTY: false, env: { FORCE_COLOR: '1' } }), write: (text) => (out += text), writeError: (text) => (err += text), interactive: false });
    render({ type: 'model-fallback', from: 'claude-opus-4-6', to: 'claude-haiku-4-5', error: { code: 'MODEL_OVERLOADED', message: 'Overloaded', status: 529 } });
    render({ type: 'thinking-delta', text: 'Two plus ' });
    render({ type: 'thinking-delta', text: 'three.' });
    render({ type: 'thinking', text: 'Two plus three.', redacted: false });
    render({ type: 'text-delta', text: '5.' });
    expect(out).toBe('\u001b[2mTwo plus \u001b[22m\u001b[2mthree.\u001b[22m\n\n5.');
    expect(err).toContain('MODEL_OVERLOADED on claude-opus-4-6; trying claude-haiku-4-5');
  });

  it('says when the context was compacted and how much it shrank', () => {
    let out = '';
    const render = createTextRenderer({ tools: [], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: () => {}, interactive: false });
    render({ type: 'compact-boundary', trigger: 'auto', tokensBefore: 25_000, tokensAfter: 6_000, clearedToolResults: 4, summarized: true });
    expect(out).toBe('◆ context compacted (auto): ~25,000 → ~6,000 tokens; 4 old tool result(s) cleared, older messages summarized\n');
  });

  it('prints a blocked prompt to stderr once, without the generic end warning', () => {
    let out = '';
    let err = '';
    const render = createTextRenderer({ tools: [], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: (text) => (err += text), interactive: false });
    render({ type: 'prompt-blocked', reason: 'no secrets in prompts', hookName: 'gate' });
    render({ type: 'end', reason: 'blocked', turns: 0, usage: { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 }, costUsd: 0, messages: [] });
    expect([out, err]).toEqual(['', 'codev: hook gate blocked the prompt: no secrets in prompts\n']);
  });

  it('announces a retry on stderr, after ending the line of text it interrupted', () => {
    let out = '';
    let err = '';
    const render = createTextRenderer({ tools: [], colors: createColors({ isTTY: false, env: {} }), write: (text) => (out += text), writeError: (text) => (err += text), interactive: false });
    render({ type: 'text-delta', text: 'Half a sen' });
    render({ type: 'retry', attempt: 1, maxRetries: 2, waitMs: 1500, error: { code: 'MODEL_STREAM_STALLED', message: 'The model API sent nothing for 90 s; the request was abandoned.' } });
    expect(out).toBe('Half a sen\n');
    expect(err).toBe('codev: MODEL_STREAM_STALLED: The model API sent nothing for 90 s; the request was abandoned. Retrying in 1.5 s (retry 1 of 2).\n');
  });

  it('colors only on a terminal without NO_COLOR', () => {
    expect(createColors({ isTTY: true, env: {} }).red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(createColors({ isTTY: true, env: { NO_COLOR: '' } }).red('x')).toBe('x');
    expect(createColors({ isTTY: false, env: {} }).red('x')).toBe('x');
  });

  it('shows a spinner with elapsed time only after the delay, and clears it', async () => {
    let out = '';
    const spinner = createSpinner({ write: (text) => (out += text), label: 'Fetch', delayMs: 20, enabled: true });
    expect(out).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 60));
    spinner.update('Fetch: 3 chunks');
    await new Promise((resolve) => setTimeout(resolve, 120));
    spinner.stop();
    expect(out).toMatch(/⠋ Fetch \d+\.\ds/);
    expect(out).toContain('Fetch: 3 chunks');
    expect(out.endsWith('\r\u001b[K')).toBe(true);
    const quick = createSpinner({ write: (text) => (out = text), label: 'Quick', delayMs: 50, enabled: true });
    quick.stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(out).not.toContain('Quick');
  });
});
