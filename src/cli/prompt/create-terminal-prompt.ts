import { createInterface } from 'node:readline/promises';
import type { CanUseTool } from '../../permissions/types.ts';
import type { Colors } from '../render/colors.ts';

/**
 * Asks on the terminal: allow once, always (saving the suggested rules to `.codev/settings.local.json`),
 * or reject with optional feedback for the model. Prompts one at a time, even for parallel calls.
 */
export function createTerminalPrompt(options: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; colors: Colors }): CanUseTool {
  let queue: Promise<unknown> = Promise.resolve();
  return (tool, input, request) => {
    const ask = async () => {
      const readline = createInterface({ input: options.input, output: options.output, terminal: true });
      try {
        const rules = request.suggestions.flatMap((suggestion) => suggestion.rules);
        options.output.write(`\n${options.colors.yellow('?')} ${request.message}\n  ${options.colors.bold(tool.userFacingName)} ${options.colors.dim(JSON.stringify(input).slice(0, 300))}\n`);
        const always = rules.length > 0 ? `, [a]lways allow ${rules.join(', ')}` : '';
        const answer = (await readline.question(`  [y]es once${always}, [n]o (then say why) > `, { signal: request.signal })).trim().toLowerCase();
        if (answer === 'y' || answer === 'yes') return { behavior: 'allow' as const };
        if ((answer === 'a' || answer === 'always') && rules.length > 0) return { behavior: 'allow' as const, updatedPermissions: request.suggestions };
        const feedback = (await readline.question('  What should it do instead? (enter to skip) > ', { signal: request.signal })).trim();
        return { behavior: 'deny' as const, message: feedback || undefined };
      } finally {
        readline.close();
      }
    };
    const next = queue.then(ask, ask);
    queue = next.catch(() => undefined);
    return next;
  };
}
