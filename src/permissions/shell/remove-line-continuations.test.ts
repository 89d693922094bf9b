import { describe, expect, it } from 'vitest';
import { loadShellParser } from './parse-shell.ts';
import { removeLineContinuations } from './remove-line-continuations.ts';

async function joined(source: string): Promise<string | undefined> {
  const tree = (await loadShellParser()).parse(source)!;
  try {
    return removeLineContinuations(source, tree.rootNode);
  } finally {
    tree.delete();
  }
}

describe('removeLineContinuations', () => {
  it('joins what bash joins: in words, operators, double quotes, backticks and unquoted heredocs', async () => {
    expect(await joined('tou\\\nch x')).toBe('touch x');
    expect(await joined('echo "a\\\nb"')).toBe('echo "ab"');
    expect(await joined('echo x &\\\n& rm y')).toBe('echo x && rm y');
    expect(await joined('cat <<EOF\na\\\nb\nEOF\n')).toBe('cat <<EOF\nab\nEOF\n');
  });

  it('keeps what bash keeps: single quotes, $\'…\', comments, quoted heredocs, an escaped backslash', async () => {
    expect(await joined("echo 'a\\\nb'")).toBeUndefined();
    expect(await joined("echo $'a\\\nb'")).toBeUndefined();
    expect(await joined('# note \\\ntouch x')).toBeUndefined();
    expect(await joined("cat <<'EOF'\na\\\nb\nEOF\n")).toBeUndefined();
    expect(await joined('echo a\\\\\nb')).toBeUndefined();
    expect(await joined('echo plain')).toBeUndefined();
  });
});
