import { afterEach } from "vitest";
import type { Tracker } from "../../../src/core/slots/index.js";
import { plugin } from "../../../src/plugins/tracker/linear.js";
import type { IssueSeed } from "../../contracts/tracker.js";
import { startFakeLinear, type FakeLinear } from "../../fakes/linear/fake-linear.js";
import { makeTestContext } from "../../helpers/test-context.js";

const running: FakeLinear[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

/** A fake Linear server, closed after the test. */
export async function startLinear(options: Parameters<typeof startFakeLinear>[0] = {}): Promise<FakeLinear> {
  const fake = await startFakeLinear(options);
  running.push(fake);
  return fake;
}

/** tracker/linear made as the registry makes it: options parsed, the key in the context's env. */
export function makeLinearTracker(
  fake: FakeLinear,
  options: Record<string, unknown> = {},
  env: Record<string, string | undefined> = { LINEAR_API_KEY: fake.apiKey },
): Tracker {
  const ctx = { ...makeTestContext({ env }), baseDir: "/" };
  return plugin.create(plugin.options.parse({ apiUrl: fake.apiUrl, ...options }), ctx) as Tracker;
}

/** Seeds the contract's issues: open ones in Todo, closed ones in Done. */
export function seedLinear(fake: FakeLinear, seeds: readonly IssueSeed[]): string[] {
  return seeds.map(
    (seed) =>
      fake.addIssue({
        title: seed.title,
        description: seed.body,
        labels: seed.labels,
        state: seed.state === "open" ? "Todo" : "Done",
      }).identifier,
  );
}
