import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSharp, SHARP_INSTALL } from './load-sharp.ts';

describe('loadSharp', () => {
  it('names the range package.json gives sharp as an optional peer in its install command', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(SHARP_INSTALL).toBe(`npm i sharp@${manifest.peerDependencies.sharp}`);
    expect(manifest.peerDependenciesMeta.sharp?.optional).toBe(true);
  });

  it('loads sharp once, where it is installed', async () => {
    const [first, second] = await Promise.all([loadSharp(), loadSharp()]);
    expect(first).toBe(second);
    expect('sharp' in first && typeof first.sharp).toBe('function');
  });
});
