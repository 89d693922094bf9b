import { createKernel } from '../../index.ts';
import { describeTool, type ToolDescription } from '../../tool/describe-tool.ts';
import { TOOLS_HELP } from '../help.ts';
import { parseCommandLine, refuseArguments } from '../parse-command-line.ts';
import { printLoadErrors } from '../print-load-errors.ts';
import type { CommandIo } from './types.ts';

/** `codev tools`: the assembled pool, in the model's order. Exits 1 when a plugin or settings file failed to load. */
export async function toolsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } });
  if (!values.help) refuseArguments(positionals, 'codev tools [--json] [--cwd DIR]');
  if (values.help) {
    io.stdout(TOOLS_HELP);
    return 0;
  }
  const kernel = await createKernel({ cwd: values.cwd ?? io.cwd, env: io.env });
  try {
    printLoadErrors(kernel, io.stderr);
    const rows = kernel.tools.map(describeTool);
    if (values.json) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    else io.stdout(rows.length === 0 ? 'No tools.\n' : formatTable(rows));
    // Something failed to load (reported above): the pool may lack tools, and every call asks. Say so.
    return kernel.errors.length > 0 ? 1 : 0;
  } finally {
    await kernel.close();
  }
}

function formatTable(rows: ToolDescription[]): string {
  const width = Math.max(4, ...rows.map((row) => row.name.length));
  const lines = rows.map((row) => {
    const extra = [row.aliases.length > 0 ? `aliases: ${row.aliases.join(', ')}` : '', row.flags.join(' ')].filter(Boolean).join('  ');
    return `${row.name.padEnd(width)}  ${row.source}${extra ? `  (${extra})` : ''}`;
  });
  return `${'NAME'.padEnd(width)}  SOURCE\n${lines.join('\n')}\n`;
}
