// Waiting in tests: on a condition, never for a guessed time. A test that sleeps "long enough" is
// slow on a fast machine and flaky on a slow one; waitFor returns as soon as the condition holds.
// (A sleep stays only where time must pass to show that something does NOT happen; say so there.)

export interface WaitOptions {
  // What is awaited, for the message on timeout: "the request to be PROCESSED".
  what: string;
  // Milliseconds before giving up: by default 4 s, under bun's default 5 s per test (bun 1.4 does
  // not read bunfig's [test] timeout), so that this message, not a bare timeout, says what failed.
  // A test that waits longer passes its own timeout to test() too.
  timeout?: number;
  // Milliseconds between checks (default 20).
  interval?: number;
}

// Calls `check` until it returns a truthy value, and returns that value. A check that throws counts
// as "not yet" (a server restarting, an expect() not met yet); on timeout the error says what was
// awaited, with the last thrown error or returned value.
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { what, timeout = 4_000, interval = 20 }: WaitOptions,
): Promise<Exclude<T, null | undefined | false | 0 | "">> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Exclude<T, null | undefined | false | 0 | "">;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${detail})`);
    }
    await Bun.sleep(interval);
  }
}
