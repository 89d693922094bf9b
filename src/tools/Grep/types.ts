/** One line of content-mode output. */
export interface GrepLine {
  number: number;
  text: string;
  /** A matched line (true) or a context line (false). */
  match: boolean;
}

/** What the search found in one file. `lines` only in content mode; `count` only in count mode. */
export interface FileHits {
  file: string;
  count: number;
  lines: GrepLine[];
}

export type GrepMode = 'content' | 'files_with_matches' | 'count';

/** The search the tool runs, with every option resolved. */
export interface GrepQuery {
  pattern: string;
  /** A directory or one file. Absolute. */
  root: string;
  rootIsFile: boolean;
  mode: GrepMode;
  globs: string[];
  type?: string;
  ignoreCase: boolean;
  multiline: boolean;
  before: number;
  after: number;
  signal?: AbortSignal;
}

export interface SearchOutcome {
  hits: FileHits[];
  /** The search was cut short (timeout, output cap): results are partial. */
  truncated: boolean;
}
