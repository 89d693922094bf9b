// A user's program on the installed codev with a provider package installed beside it (which brings its own copy
// of @anthropic-ai/sdk): a Bedrock agent throttled once then answering, a Foundry agent with a wrong key, and a
// Vertex agent without @anthropic-ai/vertex-sdk installed. Prints one JSON line per case.
import { createAgent } from 'codev';
import { createFakeBedrockServer, createFakeFoundryServer, errorReply, textReply } from 'codev/testing';

const keys = { AWS_ACCESS_KEY_ID: 'AKIDPACKAGETEST', AWS_SECRET_ACCESS_KEY: 'package-test-secret', AWS_EC2_METADATA_DISABLED: 'true' };

async function events(agent, prompt) {
  const seen = [];
  try {
    for await (const event of agent.query(prompt)) seen.push(event);
  } finally {
    await agent.close();
  }
  return seen;
}

const bedrock = await createFakeBedrockServer({ region: 'eu-west-1', accessKeyId: keys.AWS_ACCESS_KEY_ID, secretAccessKey: keys.AWS_SECRET_ACCESS_KEY, script: [errorReply(429), textReply('from bedrock')] });
try {
  const seen = await events(createAgent({ model: { provider: 'bedrock', id: 'claude-sonnet-4-6', region: 'eu-west-1', baseURL: bedrock.url }, env: keys, maxRetries: 1 }), 'hello');
  console.log(JSON.stringify({ case: 'bedrock', retries: seen.filter((event) => event.type === 'retry').map((event) => event.error.code), text: seen.filter((event) => event.type === 'text').map((event) => event.text), end: seen.at(-1)?.reason, paths: bedrock.requests.map((request) => request.path) }));
} finally {
  await bedrock.close();
}

const foundry = await createFakeFoundryServer({ apiKey: 'the-right-key', script: [textReply('never')] });
try {
  const seen = await events(createAgent({ model: { provider: 'foundry', id: 'claude-sonnet-4-6', baseURL: `${foundry.url}/anthropic/`, apiKey: 'a-wrong-key' }, env: {}, maxRetries: 0 }), 'hello');
  console.log(JSON.stringify({ case: 'foundry', errors: seen.filter((event) => event.type === 'error').map((event) => event.error.code), end: seen.at(-1)?.reason }));
} finally {
  await foundry.close();
}

try {
  await createAgent({ model: { provider: 'vertex', id: 'claude-sonnet-4-6', region: 'us-east5', projectId: 'package-test' }, env: {}, maxRetries: 0 }).run('hello');
  console.log(JSON.stringify({ case: 'vertex', code: null }));
} catch (error) {
  console.log(JSON.stringify({ case: 'vertex', code: error.code ?? String(error) }));
}
