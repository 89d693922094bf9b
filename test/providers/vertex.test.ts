import { describe } from 'vitest';
import { describeAgentLoop } from './test-fixtures/describe-agent-loop.ts';

describe('the agent loop on the fake vertex', () => {
  describeAgentLoop('vertex');
});
