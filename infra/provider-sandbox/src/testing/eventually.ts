/** Retries `check` (which throws until the condition holds) every 20 ms until it passes or time runs out. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
