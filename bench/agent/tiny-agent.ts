/**
 * The agent script of cold-start's `codev run` row: one Echo call (allowed by the repo's codev.config.ts),
 * then the model's final text. The model is the fake Messages server the bench starts (ANTHROPIC_BASE_URL).
 */
import { defineAgent } from 'codev';

export default defineAgent({
  prompt: 'Echo "hi", then say done.',
  maxTurns: 3,
  maxRetries: 0,
});
