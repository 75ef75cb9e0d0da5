/**
 * Group commit (docs/decisions/0093): calls that arrive while a batch is under way wait and go
 * together in the next one, so that under load many requests share one statement and one round
 * trip, and an idle instance sends each call at once. `run` answers its items in their order; when
 * it throws, every call of the batch gets the error. At most `maxBatch` items go in one batch.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 100) {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    running = false;
  }

  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
