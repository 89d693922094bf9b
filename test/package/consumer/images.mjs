// Images in a project that did not install sharp (an optional peer): `small.png` goes to the model as it is,
// `large.png` (over 2000 px a side) is refused before any request with the command that installs sharp.
// The package test writes both files into the working directory first.
import { createAgent, createKernel } from 'codev';
import { createFakeMessagesServer, textReply } from 'codev/testing';

const print = (value) => console.log(JSON.stringify(value));
const kernel = await createKernel({ cwd: process.cwd() });
const server = await createFakeMessagesServer({ apiKey: 'consumer-key', script: [textReply('A small image.')] });
try {
  const agent = createAgent({ kernel, apiKey: 'consumer-key', baseURL: server.url, maxRetries: 0 });
  try {
    await agent.run([{ type: 'image', path: 'large.png' }, { type: 'text', text: 'What is it?' }]);
    print({ large: 'sent' });
  } catch (error) {
    print({ large: { code: error.code, hint: error.hint, file: error.file } });
  }
  const { text } = await agent.run([{ type: 'image', path: 'small.png' }, { type: 'text', text: 'What is it?' }]);
  const sent = server.requests.flatMap((request) => request.body.messages ?? []).flatMap((message) => (Array.isArray(message.content) ? message.content : []));
  print({ small: text, sent: sent.filter((block) => block.type === 'image').map((block) => block.source.media_type) });
} finally {
  await kernel.close();
  await server.close();
}
