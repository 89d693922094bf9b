// The Agent SDK row of the cold-start benchmark: one `query()` of the Claude Agent SDK, the way its README starts
// one, against the fake Messages server (ANTHROPIC_BASE_URL). The SDK starts Claude Code's native binary (its
// platform package's `claude`) as a child process and talks to it over stdin/stdout; the fake model asks for one
// Read of a small file, then says `done`. The SDK's module comes by URL (AGENT_SDK_URL), so the bench can use an
// install of bench/'s peers outside the repo (CODEV_BENCH_PEERS). Prints the final result and exits 0 only on success.
const { query } = await import(process.env.AGENT_SDK_URL);
const [prompt = 'Read small.txt, then say done.'] = process.argv.slice(2);
let result;
for await (const message of query({ prompt, options: { cwd: process.cwd(), allowedTools: ['Read'], maxTurns: 3, settingSources: [] } })) {
  if (message.type === 'result') result = message;
}
if (result?.subtype !== 'success') {
  console.error(JSON.stringify(result));
  process.exit(1);
}
console.log(result.result);
