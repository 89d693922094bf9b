import { createRequire } from 'node:module';

type Jiti = typeof import('jiti');

let jiti: Jiti | undefined;

/**
 * jiti's `createJiti`, with jiti loaded at the first call (a process that imports no TypeScript never loads
 * its 190 KB), and loaded with `require`: importing jiti's ESM entry makes Node scan that CommonJS bundle for
 * export names (cjs-module-lexer), about 60 ms of CPU that `require` does not cost.
 */
export function createJiti(...args: Parameters<Jiti['createJiti']>): ReturnType<Jiti['createJiti']> {
  jiti ??= createRequire(import.meta.url)('jiti') as Jiti;
  return jiti.createJiti(...args);
}
