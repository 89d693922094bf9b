import { clockMs } from './call-clock.ts';

/**
 * The cost of one more tool call in a peer's agent loop, with the loop's fixed cost taken out:
 * `(T(turn with 1 + extra calls) − T(turn with 1 call)) / extra`, over `pairs` interleaved pairs of runs
 * (interleaved, in alternating order, so drift and garbage collection are shared by both halves). Both runs have the same shape (a tool-call turn,
 * then a final-text turn), so what remains is only what the extra calls cost: parsing, validation,
 * execution, the result item and carrying it into the next model request. Timed with `clockMs` (wall
 * time, or CPU time with `BENCH_CLOCK=cpu`).
 */
export async function marginalCallCost(options: {
  pairs: number;
  extra: number;
  runOneCall: () => Promise<void>;
  runManyCalls: () => Promise<void>;
}): Promise<number> {
  let one = 0;
  let many = 0;
  const time = async (run: () => Promise<void>) => {
    const startedAt = clockMs();
    await run();
    return clockMs() - startedAt;
  };
  for (let pair = 0; pair < options.pairs; pair++) {
    if (pair % 2 === 0) {
      one += await time(options.runOneCall);
      many += await time(options.runManyCalls);
    } else {
      many += await time(options.runManyCalls);
      one += await time(options.runOneCall);
    }
  }
  return ((many - one) * 1000) / (options.pairs * options.extra);
}
