import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A message of codev that sends the user to one of its docs (`see FakeReply in docs/offline.md`) sends them to
// a file the package ships: an installed codev has no docs/ folder unless package.json's "files" says so.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-fixtures' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('docs named in messages', () => {
  it('are files the package ships', () => {
    const named = new Set(sourceFiles(path.join(REPO, 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`][^'"`\n]*?\b(docs\/[\w./-]+\.md)\b/g)].map((match) => match[1]!)));
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { files: { path: string }[] }[];
    const shipped = new Set(packed[0]!.files.map((file) => file.path));
    expect([...named].filter((doc) => !shipped.has(doc))).toEqual([]);
  }, 60_000);
});
