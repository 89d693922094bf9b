/** A deterministic token estimate: one token per four characters of the JSON, at least one. */
export function estimateTokens(value: unknown): number {
  const json = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return Math.max(1, Math.ceil(json.length / 4));
}

/** The estimated input tokens of a request body: its system prompt, messages and tools. */
export function estimateInputTokens(body: Record<string, unknown>): number {
  return estimateTokens({ system: body.system, messages: body.messages, tools: body.tools });
}
