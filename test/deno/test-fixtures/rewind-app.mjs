// Run by test/runtimes/runtimes.test.ts on every runtime (the packed codev) and by test/deno/deno.test.ts (the source, as JSR has it): an agent with a kernel (so with checkpoints) in a real git
// repository makes a file (Write) and changes others (Bash: a link replaced by a file), rewinds to turn 1, undoes it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync, symlinkSync, lstatSync, rmSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAgent, createKernel } from 'codev';
import { createFakeMessagesServer, textReply, toolUseReply } from 'codev/testing';

const print = (value = {}) => console.log(JSON.stringify(value));
const project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-rewind-')));
execFileSync('git', ['init', '-q'], { cwd: project });
writeFileSync(path.join(project, 'kept.txt'), 'before\n');
writeFileSync(path.join(project, 'outside-target.txt'), 'not to be written\n');
symlinkSync('outside-target.txt', path.join(project, 'link.txt'));
const kernel = await createKernel({ cwd: project });
const server = await createFakeMessagesServer({
  apiKey: 'k',
  script: [
    toolUseReply('Write', { file_path: path.join(project, 'new.txt'), content: 'made by the agent\n' }, { id: 'toolu_w' }),
    toolUseReply('Bash', { command: 'echo changed > kept.txt && rm link.txt && echo plain > link.txt && chmod +x new.txt' }, { id: 'toolu_b' }),
    textReply('Done.'),
  ],
});
try {
  const agent = createAgent({ kernel, apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: async () => ({ behavior: 'allow' }) });
  for await (const event of agent.query('Write a file')) {
    if (event.type === 'warning' || event.type === 'error') print({ type: event.type, message: event.message });
    if (event.type === 'tool-result') print({ type: event.type, status: event.status });
  }
  const list = await agent.checkpoints();
  print({ checkpoints: list.map((c) => ({ turn: c.turn, files: c.files.map((f) => `${f.status}:${f.path}`) })) });
  const result = await agent.rewind({ to: 1 });
  print({ rewound: true, prompt: result.prompt });
  print({
    newTxt: existsSync(path.join(project, 'new.txt')),
    kept: readFileSync(path.join(project, 'kept.txt'), 'utf8'),
    linkIsLink: lstatSync(path.join(project, 'link.txt')).isSymbolicLink(),
    target: readFileSync(path.join(project, 'outside-target.txt'), 'utf8'),
  });
  const undo = await agent.rewind({ undo: true });
  print({ undone: true, newTxt: readFileSync(path.join(project, 'new.txt'), 'utf8'), exec: (lstatSync(path.join(project, 'new.txt')).mode & 0o111) !== 0, kept: readFileSync(path.join(project, 'kept.txt'), 'utf8'), linkIsLink: lstatSync(path.join(project, 'link.txt')).isSymbolicLink(), target: readFileSync(path.join(project, 'outside-target.txt'), 'utf8') });
  await agent.close?.();
} finally {
  await kernel.close();
  await server.close();
  rmSync(project, { recursive: true, force: true });
}
