// Test-only: one level of `codev mcp serve` started by a codev's own .mcp.json. Each start is recorded in
// `.levels` (its pid and its child's) in the served folder; past the third, it exits at once, so that a codev
// that starts itself without end (the fault under test) stops there instead of filling the machine.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

const [bin] = process.argv.slice(2);
const levels = () => readFileSync('.levels', 'utf8').split('\n').filter(Boolean).length;
appendFileSync('.levels', '', { flag: 'a' });
if (levels() >= 3) {
  appendFileSync('.levels', `${process.pid}\n`);
  process.exit(1);
}
const child = spawn(process.execPath, [bin, 'mcp', 'serve'], { stdio: 'inherit', env: process.env });
appendFileSync('.levels', `${process.pid} ${child.pid}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
