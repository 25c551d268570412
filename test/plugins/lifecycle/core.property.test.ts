import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  Liveness,
  Observations,
  SessionSnapshot,
  SessionStatus,
} from "../../../src/core/slots/index.js";
import { createCoreLifecycle, nextSnapshot } from "../../../src/plugins/lifecycle/core.js";
import { deepFreeze, observationsArb, snapshotArb } from "../../contracts/lifecycle-arbitraries.js";
import { ALIVE, MISSING, NOW, UNKNOWN, observed, snapshot } from "./lifecycle-fixtures.js";

const lifecycle = createCoreLifecycle();
const decide: typeof lifecycle.decide = (previous, observations) => lifecycle.decide(previous, observations);
const DEAD: readonly SessionStatus[] = ["exited", "killed", "errored"];

/** Observations in time order, about a third of them with an `unknown` liveness. */
const sequenceArb = fc
  .array(
    fc.tuple(
      observationsArb,
      fc.boolean(),
      fc.record({ state: fc.constant("unknown" as const), reason: fc.string({ minLength: 1 }) }),
    ),
    { minLength: 1, maxLength: 25 },
  )
  .map((entries) =>
    entries.map(([observations, unknown, liveness], index) => ({
      ...observations,
      at: NOW + index * 30_000,
      liveness: unknown ? liveness : observations.liveness,
    })),
  );

/** Runs a sequence through decide, folding each decision into the next snapshot. */
function replay(
  start: SessionSnapshot,
  sequence: Observations[],
  step: (previous: SessionSnapshot, observations: Observations, next: SessionSnapshot) => void,
): void {
  let previous = start;
  for (const observations of sequence) {
    const decision = decide(deepFreeze(previous), deepFreeze(observations));
    const next = nextSnapshot(previous, observations, decision);
    step(previous, observations, next);
    previous = next;
  }
}

describe("lifecycle/core over sequences of observations", () => {
  it("never lets an unknown liveness make a session exited, killed or errored", () => {
    fc.assert(
      fc.property(snapshotArb, sequenceArb, (start, sequence) => {
        replay(start, sequence, (previous, observations, next) => {
          if (observations.liveness.state === "unknown" && !DEAD.includes(previous.status))
            expect(DEAD).not.toContain(next.status);
        });
      }),
    );
  });

  it("is deterministic and leaves its inputs untouched at every step", () => {
    fc.assert(
      fc.property(snapshotArb, sequenceArb, (start, sequence) => {
        replay(start, sequence, (previous, observations) => {
          const copies = structuredClone({ previous, observations });
          const first = decide(previous, observations);
          expect(decide(copies.previous, copies.observations)).toEqual(first);
          expect({ previous, observations }).toEqual(copies);
        });
      }),
    );
  });

  it("never exits on one gone probe when every gone probe is followed by an alive one", () => {
    const flaky: fc.Arbitrary<Liveness[]> = fc
      .array(
        fc.tuple(
          fc.constantFrom<Liveness>(MISSING, { state: "exited", exitCode: 1 }, ALIVE),
          fc.array(fc.constant<Liveness>(UNKNOWN), { maxLength: 3 }),
        ),
        { maxLength: 15 },
      )
      .map((pairs) => pairs.flatMap(([answer, unknowns]) => [answer, ...unknowns, ALIVE]));
    fc.assert(
      fc.property(flaky, (answers) => {
        const sequence = answers.map((liveness, index) => observed({ at: NOW + index * 30_000, liveness }));
        replay(snapshot(), sequence, (_previous, _observations, next) =>
          expect(next.status).not.toBe("exited"),
        );
      }),
    );
  });

  it("says nothing new when the same live observation is made again", () => {
    const notGone = observationsArb.filter(
      (o) => o.liveness.state === "alive" || o.liveness.state === "unknown",
    );
    fc.assert(
      fc.property(snapshotArb, notGone, (start, observations) => {
        const once = nextSnapshot(start, observations, decide(start, observations));
        const twice = decide(once, observations);
        expect(twice.status).toBe(once.status);
        expect(twice.events).toEqual([]);
      }),
    );
  });
});
