/**
 * Polls until `probe` returns something truthy. Real runtimes and forges settle asynchronously;
 * the timeout is a hang guard for a loaded machine, not an assertion about speed.
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
