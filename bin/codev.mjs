#!/usr/bin/env node
// The CLI is TypeScript loaded through jiti, so a fresh clone runs after `npm install` with no build step.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url, { moduleCache: true });
const { quitOnClosedOutput } = await jiti.import(new URL('../src/cli/quit-on-closed-output.ts', import.meta.url).href);
quitOnClosedOutput();
const { main } = await jiti.import(new URL('../src/cli/main.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));
