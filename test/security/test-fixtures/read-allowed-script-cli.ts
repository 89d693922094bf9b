import { readAllowedScript } from '../../../src/fleet/worker/read-allowed-script.ts';

// `read-allowed-script-cli.ts SCRIPT ROOT WORKSPACE_ROOT`: prints the real path readAllowedScript accepts, or the code it refuses with.
const [script, root, workspaceRoot] = process.argv.slice(2);
try {
  console.log(readAllowedScript({ script: script!, roots: [root!], workspaceRoot: workspaceRoot!, worker: 'test' }).file);
} catch (error) {
  console.log(`refused ${(error as { code?: string }).code}`);
}
