import { createRequire } from 'node:module';

/**
 * jiti's `createJiti`, loaded with `require`: importing jiti's ESM entry makes Node scan its 190 KB CommonJS
 * bundle for export names (cjs-module-lexer), about 60 ms of CPU at every start that `require` does not cost.
 */
export const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti');
