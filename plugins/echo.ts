import { z } from 'zod';
import { buildTool } from 'codev/plugin';

/** A tool plugin: repeats a message. Try `npx codev tool Echo '{"message":"hi","times":2}'`. */
export default buildTool({
  name: 'Echo',
  description: 'Repeat a message back, optionally several times.',
  searchHint: 'repeat echo message text back',
  inputSchema: z.object({
    message: z.string().describe('The text to repeat'),
    times: z.number().int().min(1).max(10).default(1).describe('How many times'),
  }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call({ message, times }) {
    return { data: Array.from({ length: times }, () => message).join('\n') };
  },
});
