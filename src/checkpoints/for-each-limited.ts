/** Runs `work` on every item, at most `limit` at a time; the first failure is thrown once all started ones end. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  const results = await Promise.allSettled(runners);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
