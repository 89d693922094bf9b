// Runs `codev tool WebFetch` twice in one process (so both calls share WebFetch's page cache), each with its
// own rules, and prints each call's --json output on a line. Arguments: url, project folder, then the two
// calls' rule flags as JSON arrays. Loads codev's sources through jiti, as bin/codev.mjs does from source.
import { createJiti } from 'jiti';

const [url, folder, ...ruleSets] = process.argv.slice(2);
const jiti = createJiti(import.meta.url, { moduleCache: true });
const { toolCommand } = await jiti.import(new URL('../../../src/cli/commands/tool-command.ts', import.meta.url).href);
for (const rules of ruleSets) {
  let stdout = '';
  await toolCommand(['WebFetch', JSON.stringify({ url, prompt: 'What does it say?' }), '--cwd', folder, '--json', ...JSON.parse(rules)], {
    stdout: (text) => void (stdout += text),
    stderr: () => {},
    readStdin: async () => '',
    cwd: folder,
    env: process.env,
  });
  process.stdout.write(`${JSON.stringify(JSON.parse(stdout))}\n`);
}
process.exit(0);
