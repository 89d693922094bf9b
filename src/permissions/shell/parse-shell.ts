import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { CodevError } from '../../errors/codev-error.ts';

let loading: Promise<Parser> | undefined;

/**
 * The shared bash parser (web-tree-sitter + tree-sitter-bash), initialized once per process. Concurrent
 * callers share one init promise; a failed init is forgotten so the next call retries.
 * Throws `SHELL_PARSE_FAILED` when the grammar cannot be loaded.
 */
export function loadShellParser(): Promise<Parser> {
  loading ??= initialize().catch((error: unknown) => {
    loading = undefined;
    throw new CodevError('SHELL_PARSE_FAILED', 'could not load the bash grammar (tree-sitter-bash)', {
      cause: error,
      hint: 'reinstall codev so that web-tree-sitter and tree-sitter-bash are present',
    });
  });
  return loading;
}

/**
 * Parses a shell command into a tree-sitter tree. The caller owns the tree and must call `tree.delete()`.
 * The parse is error-tolerant: check `tree.rootNode.hasError` before trusting it.
 */
export async function parseShell(source: string): Promise<Tree> {
  const parser = await loadShellParser();
  const tree = parser.parse(source);
  if (!tree) throw new CodevError('SHELL_PARSE_FAILED', 'the bash parser returned no tree');
  return tree;
}

async function initialize(): Promise<Parser> {
  await Parser.init();
  // Reading the bytes ourselves (rather than handing a path to Language.load) works the same under Deno.
  const grammarPath = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  const language = await Language.load(new Uint8Array(await readFile(grammarPath)));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
