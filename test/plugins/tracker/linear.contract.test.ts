import { trackerContract } from "../../contracts/tracker.js";
import { startFakeLinear } from "../../fakes/linear/fake-linear.js";
import { makeLinearTracker, seedLinear } from "./linear-fixture.js";

trackerContract("linear", async (seeds) => {
  const fake = await startFakeLinear();
  const identifiers = seedLinear(fake, seeds);
  // Each form a person types: an identifier, one in lower case, and the issue's URL.
  const refs = [
    identifiers[0]!,
    identifiers[1]!.toLowerCase(),
    `https://linear.app/acme/issue/${identifiers[2]!}/old-chore`,
  ];
  return {
    tracker: makeLinearTracker(fake, { team: "ENG", startedState: "In Progress" }),
    refs,
    missingRef: "ENG-999",
    comments: (ref) => Promise.resolve(fake.issue(ref).comments),
    cleanup: () => fake.close(),
  };
});
