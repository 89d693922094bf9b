import { it } from 'vitest';
import { runAttack, cleanUp, exists } from '../run-attack.ts';
const denies = ['bash(touch:*)', 'Bash ( touch:* )', 'Bash (touch:*)', ' Bash(touch:*)', 'Bash(touch:*) ', 'Bаsh(touch:*)', 'Ｂａｓｈ(touch:*)', 'BASH', 'Bash(touch:*', 'Bash()', 'Bash(TOUCH:*)', 'Bash(touch *)', 'Bash(touch)', 'Bash(*touch*)', 'Shell(touch:*)', 'bash', 'Bash\u200b(touch:*)', 'B\u0061sh(touch:*)', 'Bash(touch:*)\n', 'Bash(touch\u00a0:*)'];
it.each(denies)('%j', async (deny) => {
  let run;
  try { run = await runAttack({ input: 'touch pwned', deny: [deny], mode: 'bypassPermissions' }); }
  catch (e) { console.log(JSON.stringify(deny), '=> THROW', (e as any).code, String((e as Error).message).slice(0, 150)); return; }
  console.log(JSON.stringify(deny), '=>', run.exitCode, run.output?.decision?.behavior, exists(run, 'pwned') ? 'RAN' : 'blocked', run.text.slice(0, 160).replace(/\n/g, ' '));
  cleanUp(run);
});
