/** The extensions of files whose imports are followed. */
export const CODE_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx'];

const STATIC = /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\bfrom\s*)?['"]([^'"\n]+)['"]/g;
const CALLED = /\b(?:import|require)\s*\(\s*['"]([^'"\n]+)['"]\s*[,)]/g;

/**
 * The module specifiers a JS or TS file names with a literal: `import … from`, `import '…'`, `export … from`,
 * `import('…')` and `require('…')`. A guess from the text (comments and strings included): a specifier too
 * many protects one file too many, one too few would let the model rewrite code that runs outside the sandbox.
 */
export function moduleSpecifiersOf(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of [STATIC, CALLED]) for (const match of text.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}
