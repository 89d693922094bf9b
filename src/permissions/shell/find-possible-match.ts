import type { PermissionRule } from '../types.ts';
import { findCandidate, type CommandRuleIndex } from './command-rule-index.ts';
import { couldMatchCommandPattern, matchCompiledPattern, type PatternUnit } from './match-command-pattern.ts';
import { SCRIPTED_PROGRAMS } from './programs/scripted-programs.ts';
import type { ShellAnalysis, ShellWord, SimpleCommand } from './types.ts';
import { commandBaseName } from './wrapper-commands.ts';

/**
 * A deny or ask rule that could match what the analysis cannot read for certain, with why; undefined when
 * none could. The command could hide a match when it does not parse; when it runs opaque code (a shell
 * fed from a pipe, inline Python, `bash -c "$X"`); when a part is computed at run time and the rule fits
 * its shape (`$CMD x` could be `touch x`); or when a program codev does not know is handed words a rule
 * names (`setsid touch x`, `doit touch x`: it may run them), or one whose script may (`sqlite3 db '.system
 * touch x'`, `vim -c '!touch x'`).
 */
export function findPossibleMatch(analysis: ShellAnalysis, index: CommandRuleIndex): { rule: PermissionRule; part: string; certain: false; reason: string } | undefined {
  const { rules } = index;
  const first = rules[0]!;
  if (!analysis.ok) return { rule: first, part: '', certain: false, reason: `the command cannot be analyzed (${analysis.message})` };
  if (analysis.opaque) return { rule: first, part: '', certain: false, reason: analysis.opaque };
  for (const command of analysis.commands) {
    const opaque = command.opaque ?? command.effects.opaque;
    if (opaque) return { rule: first, part: command.text, certain: false, reason: opaque };
    if (command.dynamic) {
      const shapes = commandShapes(command);
      const rule = rules.find((candidate) => shapes.some((shape) => couldMatchCommandPattern(candidate.value.ruleContent!, shape)));
      if (rule) return { rule, part: command.text, certain: false, reason: `part of "${command.text}" is only known at run time` };
    }
    if (!command.effects.known || command.dynamic || Object.hasOwn(SCRIPTED_PROGRAMS, commandBaseName(command.argv[0] ?? ''))) {
      const match = matchLaterWords(command, index);
      if (match) return { rule: match.rule, part: match.part, certain: false, reason: `"${command.argv[0] ?? command.rawArgv[0]}" may run "${match.part}"` };
    }
  }
  return undefined;
}

/** A rule matching the words from the second on of a command whose program codev does not know. */
function matchLaterWords(command: SimpleCommand, index: CommandRuleIndex): { rule: PermissionRule; part: string } | undefined {
  for (const argv of [command.argv, command.rawArgv]) {
    for (let start = 1; start < argv.length; start++) {
      const word = argv[start]!;
      const name = commandBaseName(word);
      // Only the rules that could match a text starting with this word: most words rule every rule out at
      // once. (The texts below start with `word` and `name`, so they have the same first words.)
      let parts: string[] | undefined;
      const matches = (position: number) => {
        parts ??= [argv.slice(start).join(' '), [name, ...argv.slice(start + 1)].join(' ')];
        return parts.some((part) => matchCompiledPattern(index.patterns[position]!, part));
      };
      const position = findCandidate(index, [word, name], matches);
      if (position !== undefined) return { rule: index.rules[position]!, part: parts!.find((part) => matchCompiledPattern(index.patterns[position]!, part))! };
    }
  }
  return undefined;
}

const shapeCache = new WeakMap<SimpleCommand, PatternUnit[][]>();

/** The shapes of a command as it runs and as written (wrappers kept), computed once per analyzed command. */
function commandShapes(command: SimpleCommand): PatternUnit[][] {
  let shapes = shapeCache.get(command);
  if (!shapes) shapeCache.set(command, (shapes = [...shapesOf(command.words), ...shapesOf(command.rawArgv.map(literalOrShape(command)))]));
  return shapes;
}

/**
 * The command as patterns: literal text, with `*` for a dynamic word and for a glob's wildcards; and the
 * same with a path-named program cut to its name (`/bin/tou?h x` is also `tou*h x`).
 */
function shapesOf(words: readonly ShellWord[]): PatternUnit[][] {
  const name = words[0];
  const shapes = [shapeOf(words)];
  if (name && !name.dynamic && name.value.includes('/')) shapes.push(shapeOf([{ ...name, value: commandBaseName(name.value) }, ...words.slice(1)]));
  return shapes;
}

function shapeOf(words: readonly ShellWord[]): PatternUnit[] {
  const units: PatternUnit[] = [];
  words.forEach((word, index) => {
    if (index > 0) units.push(' ');
    if (word.dynamic) units.push(null);
    else for (const character of word.value) units.push(word.glob && /[*?[\]]/.test(character) ? null : character);
  });
  return units;
}

/** rawArgv holds values only: take the flags of the stripped words where they are the same word. */
function literalOrShape(command: SimpleCommand): (value: string) => ShellWord {
  return (value) => command.words.find((word) => word.value === value) ?? { value, dynamic: /[$`]/.test(value), glob: false, userTilde: false, processSubstitution: false };
}
