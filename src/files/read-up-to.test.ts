import { mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUpTo } from './read-up-to.ts';

describe('readUpTo', () => {
  it('reads a whole file shorter than the limit, whatever the size hint', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-read-')), 'a.bin');
    const content = Buffer.alloc(200_000, 7);
    writeFileSync(file, content);
    const handle = await open(file, 'r');
    try {
      expect((await readUpTo(handle, 1_000_000, 10)).equals(content)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('stops at the limit on a source that never ends', async () => {
    const handle = await open('/dev/zero', 'r');
    try {
      expect((await readUpTo(handle, 300_001)).length).toBe(300_001);
    } finally {
      await handle.close();
    }
  });
});
