import { trackerContract } from "../../contracts/tracker.js";
import { makeGitHubTracker, REPO, seedGitHub, startGitHubIssues } from "./github-fixture.js";

trackerContract("github", async (seeds) => {
  const fixture = await startGitHubIssues();
  const numbers = seedGitHub(fixture, seeds);
  // Each form a person types: a number, `#n`, and the issue's URL.
  const refs = [
    String(numbers[0]),
    `#${String(numbers[1])}`,
    `https://github.com/${REPO}/issues/${String(numbers[2])}`,
  ];
  return {
    tracker: makeGitHubTracker(fixture, { commentOnStart: true }),
    refs,
    missingRef: "#999",
    startedSessions: (ref) => {
      const issue = fixture.issues.find(REPO, Number(ref.replace(/\D+/g, "")))!;
      const started = issue.comments.map((comment) => /^ao session `([^`]+)`/.exec(comment.body)?.[1]);
      return Promise.resolve(started.filter((id): id is string => id !== undefined));
    },
    comments: (ref) => {
      const issue = fixture.issues.find(REPO, Number(ref.replace(/\D+/g, "")))!;
      const posted = issue.comments.filter((comment) => !comment.body.startsWith("ao session `"));
      return Promise.resolve(posted.map((comment) => comment.body));
    },
    cleanup: () => fixture.github.close(),
  };
});
