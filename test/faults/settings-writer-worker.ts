/**
 * The child process of the local-settings kill test, run through jiti as codev itself is:
 *
 * - `loop <file>`: adds a new "allow always" rule to `<file>` (addLocalRules) again and again, printing `ready`
 *   after the first, until it is killed.
 * - `cleanup`: removeLeftoverTempFiles(), prints the JSON list of what it removed.
 */
import { removeLeftoverTempFiles } from '../../src/files/temp-file-journal.ts';
import { addLocalRules } from '../../src/permissions/local-settings.ts';

const [mode, file = ''] = process.argv.slice(2);

if (mode === 'loop') {
  for (let index = 0; ; index++) {
    await addLocalRules({ file, behavior: 'allow', rules: [`Bash(echo ${index})`] });
    if (index === 0) process.stdout.write('ready\n');
  }
} else if (mode === 'cleanup') {
  process.stdout.write(JSON.stringify(await removeLeftoverTempFiles()));
}
