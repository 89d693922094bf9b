import type { CodevErrorCode } from './codes.ts';

const MARKER = Symbol.for('codev.error');

/** Where an error came from, so a message can name the file, field and plugin without guessing. */
export interface CodevErrorDetails {
  /** The plugin (file path or name) that caused the error. */
  plugin?: string;
  /** The tool involved. */
  tool?: string;
  /** The lifecycle stage or hook involved. */
  stage?: string;
  /** The file involved, absolute. */
  file?: string;
  /** 1-based line in `file`, when known. */
  line?: number;
  /** 1-based column in `file`, when known. */
  column?: number;
  /** A dotted path to the offending field, e.g. `permissions.allow[2]`. */
  field?: string;
  /** What to do about it, phrased as an instruction. */
  hint?: string;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * The one error class of codev. Use {@link CodevError.isInstance} rather than `instanceof`: plugins loaded
 * through jiti may carry a second copy of this module.
 */
export class CodevError extends Error {
  readonly [MARKER] = true;
  readonly code: CodevErrorCode;
  readonly plugin?: string;
  readonly tool?: string;
  readonly stage?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly field?: string;
  readonly hint?: string;

  constructor(code: CodevErrorCode, message: string, details: CodevErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'CodevError';
    this.code = code;
    this.plugin = details.plugin;
    this.tool = details.tool;
    this.stage = details.stage;
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.field = details.field;
    this.hint = details.hint;
  }

  /** True for any CodevError, from whichever copy of codev created it. */
  static isInstance(value: unknown): value is CodevError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }

  /** `file:line:column` when a file is known, else undefined. */
  get location(): string | undefined {
    if (!this.file) return undefined;
    return [this.file, this.line, this.column].filter((part) => part !== undefined).join(':');
  }

  /** A multi-line, human-readable rendering: what, where, how to fix. */
  format(): string {
    const lines = [`${this.code}: ${this.message}`];
    if (this.location) lines.push(`  at ${this.location}`);
    if (this.field) lines.push(`  field: ${this.field}`);
    if (this.hint) lines.push(`  fix: ${this.hint}`);
    return lines.join('\n');
  }

  /** The code, the message, where and the fix (`format()`): `String(error)` and `${error}` in a user's catch say what happened and what to do. */
  override toString(): string {
    return this.format();
  }
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
