/**
 * The checkpoint case's local side: the same agent as the fleet job (`system: 'bench'`, the kernel of the
 * bench project with built-in tools, `dontAsk` with `allow: ['Read']`), run in a node process of its own
 * with `createAgent` from the built `dist/`, its session persisted to the file SessionStore (or not
 * persisted at all), against the same fake model. Started by the bench (`fork`, one JSON argument:
 * `{ codevModule, modelUrl, apiKey, project, sessionDirectory }`); each IPC message
 * `{ type: 'run', tag, turns, persisted, textBlocks }` runs one query (prompt `bench-job <tag> <turns>
 * <textBlocks>`, a fresh
 * kernel and agent as a fleet job has) and answers `{ type: 'done', tag, reason }`.
 */
const config = JSON.parse(process.argv[2] ?? '{}');
const { createAgent, createFileSessionStore, createKernel } = await import(config.codevModule);
const env = { ANTHROPIC_API_KEY: config.apiKey, ANTHROPIC_BASE_URL: config.modelUrl, CODEV_MAX_RETRIES: '0' };
const store = createFileSessionStore({ directory: config.sessionDirectory });
const deny = (_tool, _input, ask) => ({ behavior: 'deny', message: ask.message });

async function run({ tag, turns, persisted, textBlocks }) {
  const kernel = await createKernel({ cwd: config.project, env, permissionMode: 'dontAsk', allow: ['Read'] });
  try {
    const agent = createAgent({ system: 'bench', kernel, env, canUseTool: deny, sessionStore: store, persistSession: persisted });
    let reason;
    try {
      for await (const event of agent.query(`bench-job ${tag} ${turns} ${textBlocks}`)) if (event.type === 'end') reason = event.reason;
    } finally {
      await agent.close();
    }
    return reason;
  } finally {
    await kernel.close();
  }
}

process.on('message', async (message) => {
  if (message?.type !== 'run') return;
  try {
    process.send({ type: 'done', tag: message.tag, reason: await run(message) });
  } catch (error) {
    process.send({ type: 'done', tag: message.tag, reason: 'error', error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
