import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import type { Parser, Tree } from 'web-tree-sitter';
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
      hint: 'reinstall codev so that web-tree-sitter and its tree-sitter-bash.wasm are present',
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

/** V8's default `--wasm-tiering-budget` (V8 11.3, Node 20), and the largest one (an int32), which the grammar's instances start with. */
const DEFAULT_TIERING_BUDGET = 1_800_000;
const GRAMMAR_TIERING_BUDGET = 2 ** 31 - 1;

async function initialize(): Promise<Parser> {
  // V8 optimizes a wasm function with TurboFan once it has run through its tiering budget. The grammar's lexer
  // (one 160 KB function) spends V8's default budget within the first parse or two, and optimizing it takes
  // about 1.2 s of CPU (on V8's other threads), which saves some 50 µs per parse: worth it only after tens of
  // thousands of commands. The instances made here start with the largest budget instead (V8 reads it when it
  // instantiates a module), so that a session optimizes the lexer after a few hundred commands rather than at
  // its first; other WebAssembly keeps the default.
  const budget = setTieringBudget(GRAMMAR_TIERING_BUDGET);
  try {
    // Loaded here, not with the module: a process that analyzes no command never loads the parser.
    const { Language, Parser } = await import('web-tree-sitter');
    await Parser.init();
    // Reading the bytes ourselves (rather than handing a path to Language.load) works the same under Deno.
    const language = await Language.load(await readGrammar());
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  } finally {
    if (budget) setTieringBudget(DEFAULT_TIERING_BUDGET);
  }
}

/**
 * The bash grammar's bytes. codev ships tree-sitter-bash's .wasm beside this module (the npm package also
 * carries native builds for six platforms and an install script, which codev never uses). From JSR the
 * module's URL is https:, hence fetch.
 */
async function readGrammar(): Promise<Uint8Array> {
  const url = new URL('./tree-sitter-bash.wasm', import.meta.url);
  if (url.protocol === 'file:') return new Uint8Array(await readFile(url));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Sets V8's wasm tiering budget, unless the user chose one (node flags); false when it was left alone. */
function setTieringBudget(value: number): boolean {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (flags.includes('tiering-budget') || flags.includes('tiering_budget')) return false;
  try {
    v8.setFlagsFromString(`--wasm-tiering-budget=${value}`);
    return true;
  } catch {
    return false; // a runtime without V8 flags (Deno may refuse): the default tiering, nothing else changes
  }
}
