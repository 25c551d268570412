import { relative } from "node:path";
import { trackerContract } from "../../contracts/tracker.js";
import { makeLocalTracker, makeLocalTrackerFixture, writeSeedIssues } from "./local-fixture.js";

trackerContract("local", async (seeds) => {
  const fixture = makeLocalTrackerFixture();
  const files = writeSeedIssues(fixture.issuesDir, seeds);
  // Each form a person types: a number, `#n`, and the file's path relative to the repository.
  const refs = files.map((file, index) =>
    index === 0 ? "1" : index === 1 ? "#2" : relative(fixture.project, file),
  );
  return {
    tracker: await makeLocalTracker(fixture),
    refs,
    missingRef: "#999",
    // A comment is a `## Comment (<date>)` section of the file's body.
    comments: async (ref) => {
      const issue = await (await makeLocalTracker(fixture)).getIssue(ref);
      return issue.body
        .split(/^## Comment \([^)]*\)\n\n/m)
        .slice(1)
        .map((part) => part.trim());
    },
    // Temp dirs are removed by makeTempDir after each test.
    cleanup: () => Promise.resolve(),
  };
});
