/**
 * At most `size` tasks at once; the others wait in arrival order. Bounds memory and CPU for work
 * such as decoding large images, so a burst of uploads cannot exhaust the instance.
 */
export function createSemaphore(size: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function acquire(): Promise<void> {
    if (running < size) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get pending(): number {
      return waiting.length;
    },
  };
}
