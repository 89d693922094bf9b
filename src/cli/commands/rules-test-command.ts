import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { createKernel } from '../../index.ts';
import { RULES_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { printLoadErrors } from '../print-load-errors.ts';
import { formatPermissionExplanation } from '../render/format-permission-explanation.ts';
import { throwRuleErrors } from './check-rule-flags.ts';
import { explainCall } from './rules-explain-call.ts';
import { readRulesTestCases, type RulesTestCase } from './rules-test-cases.ts';
import type { CommandIo } from './types.ts';

/**
 * `codev rules test FILE`: decides every case of a table against the project's real config, local settings
 * and plugins (their rules and rule functions), without a model or running anything, and prints each
 * mismatch with its explanation. Exit 0 when every case got its expected decision, 1 otherwise.
 */
export async function rulesTestCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } });
  if (values.help) {
    io.stdout(RULES_HELP);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file) throw new CodevError('CLI_USAGE', 'Missing the file of cases', { hint: 'codev rules test permissions.test.json' });
  if (extra.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${extra.join(' ')}`);
  const cwd = values.cwd ?? io.cwd;
  const cases = await readRulesTestCases({ file, cwd });
  const kernel = await createKernel({ cwd, env: io.env });
  try {
    throwRuleErrors(kernel.errors);
    printLoadErrors(kernel, io.stderr);
    const context = kernel.createToolUseContext();
    const results: { case: RulesTestCase; name: string; decision?: string; passed: boolean; error?: string }[] = [];
    for (const [index, entry] of cases.entries()) {
      const name = entry.name ?? `${entry.tool} ${typeof entry.input === 'string' ? entry.input : JSON.stringify(entry.input)}`;
      try {
        const explanation = await explainCall({ kernel, context, tool: entry.tool, input: entry.input, mode: entry.mode });
        const passed = explanation.decision === entry.expect;
        results.push({ case: entry, name, decision: explanation.decision, passed });
        if (!passed && !values.json) io.stdout(`FAIL cases[${index}] ${name}: expected ${entry.expect}, got ${explanation.decision}\n${indent(formatPermissionExplanation(explanation))}\n`);
      } catch (error) {
        const message = CodevError.isInstance(error) ? `${error.code}: ${error.message}` : errorMessage(error);
        results.push({ case: entry, name, passed: false, error: message });
        if (!values.json) io.stdout(`FAIL cases[${index}] ${name}: ${message}\n\n`);
      }
    }
    const failed = results.filter((result) => !result.passed).length;
    const passed = results.length - failed;
    if (values.json) io.stdout(`${JSON.stringify({ passed, failed, results: results.map(({ case: entry, ...rest }) => ({ ...rest, expect: entry.expect })) }, null, 2)}\n`);
    else io.stdout(`${passed} passed, ${failed} failed\n`);
    return failed === 0 ? 0 : 1;
  } finally {
    await kernel.close();
  }
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}
