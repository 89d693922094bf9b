/**
 * What a model costs, in US dollars per million tokens: input, output, and the prompt cache's writes
 * (5-minute cache) and reads. Types only.
 */
export interface ModelPrice {
  /** Uncached input tokens. */
  input: number;
  output: number;
  /** Input tokens written to the prompt cache. Default 1.25 × `input` (the API's 5-minute cache). */
  cacheWrite?: number;
  /** Input tokens read from the prompt cache. Default 0.1 × `input`. */
  cacheRead?: number;
}

/** Prices by model id or id prefix (`claude-sonnet-4` prices `claude-sonnet-4-5-20250929` too). */
export type ModelPrices = Readonly<Record<string, ModelPrice>>;
