const FENCED = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/;

/**
 * The JSON object a reply's text holds, when the model wrote its answer as text instead of calling the tool
 * (the whole text, or one fenced block); undefined when it is not a JSON object.
 */
export function parseJsonAnswer(text: string): { value: Record<string, unknown> } | undefined {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  if (!body.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { value: value as Record<string, unknown> } : undefined;
  } catch {
    return undefined;
  }
}
