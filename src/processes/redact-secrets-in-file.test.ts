import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { redactSecretsInFile } from './redact-secrets-in-file.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function fileWith(text: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-redact-file-'));
  folders.push(folder);
  const file = path.join(folder, 'output.txt');
  writeFileSync(file, text);
  return file;
}

const SECRET = { name: 'API_TOKEN', value: 'tok-ÿ-secret-value-0401' };
const CHUNK = 64 * 1024;

describe('redactSecretsInFile', () => {
  it('redacts a value wherever it falls, across the read chunks and a multi-byte character on the boundary', () => {
    // Values straddling the first and second chunk boundaries (at every offset across the first), and one at the end.
    const parts = ['é'.repeat(CHUNK / 2 - 4), SECRET.value, 'a'.repeat(CHUNK - 11), SECRET.value, 'b'.repeat(1000), JSON.stringify(SECRET.value), SECRET.value];
    const file = fileWith(parts.join(''));
    return redactSecretsInFile(file, [SECRET]).then(() => {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain('secret-value');
      expect(text.split('[redacted $API_TOKEN]')).toHaveLength(5);
      expect(text.startsWith('é'.repeat(CHUNK / 2 - 4))).toBe(true);
    });
  });

  it.each([1, 7, 13, 22])('a value cut %i characters before a chunk boundary is redacted', async (offset) => {
    const file = fileWith(`${'a'.repeat(CHUNK - offset)}${SECRET.value}\n`);
    await redactSecretsInFile(file, [SECRET]);
    expect(readFileSync(file, 'utf8')).toBe(`${'a'.repeat(CHUNK - offset)}[redacted $API_TOKEN]\n`);
  });

  it('leaves a file with no value untouched (same inode), and one with no secrets at all', async () => {
    const file = fileWith('nothing to see\n');
    const before = statSync(file).ino;
    await redactSecretsInFile(file, [SECRET]);
    await redactSecretsInFile(file, []);
    expect(statSync(file).ino).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe('nothing to see\n');
  });
});
