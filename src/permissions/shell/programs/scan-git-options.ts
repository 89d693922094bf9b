import type { ShellWord } from '../types.ts';
import { abbreviatesLongOption } from './abbreviates-long-option.ts';
import type { GitOptionRule } from './git-option-rule.ts';
import { joinGitPath } from './join-git-path.ts';
import type { FileEffect } from './types.ts';

/** What the dangerous options of one git invocation do. */
export interface GitOptionScan {
  /** None of the options writes or runs anything. */
  readOnly: boolean;
  files: FileEffect[];
  opaque?: string;
}

/** One option found, and its value. */
export interface GitOptionMatch {
  rule: GitOptionRule;
  value?: ShellWord;
}

/**
 * Finds the options of `rules` among the words after a git subcommand, the way parse-options reads them:
 * long ones through any prefix, `--name=value` or `--name value`, short ones inside bundles (`-iO`) with
 * their value attached or next. Every word is looked at, after `--` too: a word taken for the value of
 * another option (`--grep --output=F`) may be an option to git, so looking at it fails closed.
 * `shortValues` are the letters that take the rest of their bundle as a value (`-eO` is the pattern `O`).
 */
export function scanGitOptions(options: { args: readonly ShellWord[]; rules: readonly GitOptionRule[]; shortValues: string; directory: ShellWord }): GitOptionScan {
  const scan: GitOptionScan = { readOnly: true, files: [] };
  for (const match of matchGitOptions(options)) apply(scan, { ...match, directory: options.directory });
  return scan;
}

/** The options of `rules` among `args`, each with its value (absent when none was given). */
export function matchGitOptions({ args, rules, shortValues }: { args: readonly ShellWord[]; rules: readonly GitOptionRule[]; shortValues: string }): GitOptionMatch[] {
  return args.flatMap((word, index) => {
    const text = word.value;
    if (!text.startsWith('-') || text === '-' || text === '--') return [];
    const matches = text.startsWith('--') ? matchLong(word, rules) : matchShort(word, { rules, shortValues });
    return matches.map(({ rule, value }) => {
      const taken = value ?? (rule.value === 'required' ? args[index + 1] : undefined);
      return { rule, ...(taken ? { value: taken } : {}) };
    });
  });
}

function matchLong(word: ShellWord, rules: readonly GitOptionRule[]): GitOptionMatch[] {
  const equals = word.value.indexOf('=');
  const name = equals === -1 ? word.value : word.value.slice(0, equals);
  const value = equals === -1 ? undefined : { ...word, value: word.value.slice(equals + 1) };
  return rules
    .filter((rule) => rule.long !== undefined && abbreviatesLongOption(name, rule.long) && !rule.exceptions?.includes(name))
    .map((rule) => ({ rule, value: rule.value === 'none' ? undefined : value }));
}

function matchShort(word: ShellWord, { rules, shortValues }: { rules: readonly GitOptionRule[]; shortValues: string }): GitOptionMatch[] {
  const matches: GitOptionMatch[] = [];
  for (let position = 1; position < word.value.length; position++) {
    const letter = word.value[position]!;
    const rule = rules.find((candidate) => candidate.short === letter);
    const attached = word.value.slice(position + 1);
    if (rule && rule.value !== 'none') return [...matches, { rule, ...(attached === '' ? {} : { value: { ...word, value: attached } }) }];
    if (rule) matches.push({ rule });
    else if (shortValues.includes(letter)) break;
  }
  return matches;
}

function apply(scan: GitOptionScan, { rule, value, directory }: { rule: GitOptionRule; value?: ShellWord; directory: ShellWord }): void {
  if (rule.effect !== 'read') scan.readOnly = false;
  if (rule.effect === 'runs') {
    if (rule.opaque && (rule.value !== 'optional' || value !== undefined)) scan.opaque ??= rule.opaque;
    return;
  }
  const path = rule.pathAfterColon && value ? { ...value, value: value.value.slice(value.value.lastIndexOf(':') + 1) } : value;
  // `-` is standard input for the options that read (`blame --contents -`).
  if (path === undefined || path.value === '' || (rule.effect === 'read' && path.value === '-')) return;
  const via = rule.pathAfterColon ? 'possible' : 'option';
  scan.files.push({ word: joinGitPath(directory, path), access: rule.effect, via, ...(rule.recursive ? { recursive: true } : {}) });
}
