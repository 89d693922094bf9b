import { analyzeShellCommand } from '../src/index.ts';
import { formatRatio } from './harness/format-report.ts';
import { timeEach, timeEachSync } from './harness/measure-case.ts';
import type { Benchmark, BenchCase, BenchOptions, CaseRunner } from './harness/types.ts';
import { BASH_RULES } from './rules/bash-rules.ts';
import { codevBashContext, decideCommand, decisionKind } from './rules/codev-bash-context.ts';
import { generateCommands } from './rules/generate-commands.ts';
import { naiveSplitVerdict, naiveWholeStringVerdict } from './rules/naive-matchers.ts';

/** Distinct compound commands per round (fewer with --quick). */
export const COMMANDS_PER_ROUND = { full: 1_000, quick: 200 } as const;

const RULE_COUNT = BASH_RULES.allow.length + BASH_RULES.deny.length + BASH_RULES.ask.length;

const commandCount = ({ quick }: BenchOptions) => (quick ? COMMANDS_PER_ROUND.quick : COMMANDS_PER_ROUND.full);

/**
 * Cases set up so far in this process: each codev case starts its batches past the previous ones', so two
 * cases in one process (bench/against-revision.mjs) never share a command through the analysis cache.
 */
let casesSetUp = 0;

/**
 * codev's permission engine on each command. `cold`: every round decides a fresh batch (each command's first
 * shell analysis: tree-sitter parse, then matching); `warm`: the batch was decided once before the timed
 * pass, so the analysis comes from the engine's per-command cache and only matching is left.
 */
function codevCase(options: { id: string; label: string; warm: boolean; rules?: 10 | 50 | 1000 }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup(benchOptions): Promise<CaseRunner> {
      const count = commandCount(benchOptions);
      const { context, dispose } = codevBashContext(options.rules);
      let batch = 10_000 * casesSetUp++;
      const first = generateCommands({ count, batch: batch++ });
      const kinds = await Promise.all(first.map(async (command, index) => decisionKind(await decideCommand(context, command, index))));
      const tally = (kind: string) => kinds.filter((candidate) => candidate === kind).length;
      if (tally('allow') === 0 || tally('deny') === 0 || tally('ask') === 0) throw new Error('expected allowed, denied and asked commands');
      const naiveAllowed = first.map((command) => naiveWholeStringVerdict(command) === 'allow');
      const naiveAllowedCount = naiveAllowed.filter(Boolean).length;
      const wronglyAllowed = naiveAllowed.filter((allowed, index) => allowed && kinds[index] !== 'allow').length;
      return {
        ops: count,
        async round() {
          const commands = generateCommands({ count, batch: batch++ });
          if (options.warm) for (const [index, command] of commands.entries()) await decideCommand(context, command, index);
          return timeEach(count, (index) => decideCommand(context, commands[index]!, index));
        },
        teardown: dispose,
        notes: options.warm
          ? []
          : [
              `codev allows ${tally('allow')}, denies ${tally('deny')}, asks ${tally('ask')} of ${count}; the whole-string regex allows ${naiveAllowedCount}, ${wronglyAllowed} of them commands codev denies or asks`,
            ],
      };
    },
  };
}

/** A case timing a synchronous or asynchronous function of each fresh command. */
function perCommandCase(options: { id: string; label: string; run: (command: string) => unknown; async?: boolean }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup(benchOptions): Promise<CaseRunner> {
      const count = commandCount(benchOptions);
      let batch = 1;
      return {
        ops: count,
        async round() {
          const commands = generateCommands({ count, batch: batch++ });
          return options.async ? timeEach(count, (index) => options.run(commands[index]!)) : timeEachSync(count, (index) => options.run(commands[index]!));
        },
      };
    },
  };
}

/**
 * Rule matching of 1,000 distinct compound commands against 50 Bash rules through codev's permission engine
 * (`decidePermission` with a Bash-like tool), cold and warm, against naive regex matchers.
 */
export const benchmark: Benchmark = {
  id: 'rule-matching',
  title: `Rule matching: ${COMMANDS_PER_ROUND.full.toLocaleString('en-US')} compound commands × ${RULE_COUNT} Bash rules, per command`,
  reference: 'codev-cold',
  methods: [
    `Commands: ${COMMANDS_PER_ROUND.full.toLocaleString('en-US')} distinct per round (${COMMANDS_PER_ROUND.quick} with --quick) from 20 shapes: pipes, && || ;, $( ) and <( ), bash -c, find -exec, xargs, for loops, wrappers (timeout, nice, env, sudo), env prefixes, redirects. Every round gets new ones (numbers shifted).`,
    `codev: \`decidePermission\` with a Bash-like tool (target: the command; own check: passthrough) and ${BASH_RULES.allow.length} allow, ${BASH_RULES.deny.length} deny, ${BASH_RULES.ask.length} ask rules; asks are answered "deny" by a synchronous prompt. Includes preparing the call (redirect targets resolved on disk) and the deny → ask → allow passes.`,
    'cold: first time the engine sees each command (tree-sitter parse + analysis + matching). warm: the same batch decided a second time (analysis from the per-command cache, matching and path resolution again).',
    '10 and 1,000 rules: 10 of the 50 (4 allow, 3 deny, 3 ask); the 50 plus 950 that match none of the commands (600 allow, 162 deny, 188 ask: other programs, more git and npm commands, a few starting with a star). Same commands.',
    'analyzeShellCommand: the parse + analysis alone, no rules (uncached).',
    'naive: regexes of each rule\'s literal prefix; "whole string" tests the raw command, "split" first splits on && || ; | and newlines (no quotes, substitutions or wrappers).',
  ],
  cases: [
    codevCase({ id: 'codev-cold', label: 'codev decidePermission, cold (first analysis)', warm: false }),
    codevCase({ id: 'codev-warm', label: 'codev decidePermission, warm (cached analysis)', warm: true }),
    codevCase({ id: 'codev-cold-10', label: 'codev decidePermission, cold, 10 rules', warm: false, rules: 10 }),
    codevCase({ id: 'codev-warm-10', label: 'codev decidePermission, warm, 10 rules', warm: true, rules: 10 }),
    codevCase({ id: 'codev-cold-1000', label: 'codev decidePermission, cold, 1,000 rules', warm: false, rules: 1000 }),
    codevCase({ id: 'codev-warm-1000', label: 'codev decidePermission, warm, 1,000 rules', warm: true, rules: 1000 }),
    perCommandCase({ id: 'analyze', label: 'codev analyzeShellCommand only (no rules)', run: analyzeShellCommand, async: true }),
    perCommandCase({ id: 'naive-whole', label: 'naive: prefix regex on the whole string', run: naiveWholeStringVerdict }),
    perCommandCase({ id: 'naive-split', label: 'naive: split on operators + prefix regex', run: naiveSplitVerdict }),
  ],
  summarize(results) {
    const byId = new Map(results.map((result) => [result.id, result]));
    const naive = byId.get('naive-whole');
    const lines: string[] = [];
    for (const id of ['codev-cold', 'codev-warm']) {
      const codev = byId.get(id);
      if (codev && naive) lines.push(`Cost of correctness, ${id.slice('codev-'.length)}: codev takes ${formatRatio(codev.usPerOp / naive.usPerOp)} the time of the whole-string regex.`);
    }
    const cold = byId.get('codev-cold');
    const analyze = byId.get('analyze');
    if (cold && analyze) lines.push(`Parsing is ${Math.round((analyze.usPerOp / cold.usPerOp) * 100)}% of a cold decision.`);
    return lines;
  },
};
