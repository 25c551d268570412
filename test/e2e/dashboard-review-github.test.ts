import { describe, expect, it } from "vitest";
import type { ReviewCommentsAnswer, SessionDiffAnswer } from "../../src/web/api/review-types.js";
import { httpRequestRaw } from "../core/daemon/http-client.js";
import { makeGitHubLoop, REPO, until, type GitHubLoop } from "./github-loop-fixture.js";

const WAIT = 90_000;

/** Issue #1 spawned; the scripted agent's commit pushed; its pull request opened by a refresh. */
async function sessionWithPull(loop: GitHubLoop): Promise<number> {
  loop.issues.add(REPO, { title: "Greet the user", body: "Say hello." });
  const spawned = await loop.ao(["spawn", "app", "1"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  const opened = await until(async () => {
    const session = await loop.status({ refresh: true });
    return session.pr?.number;
  }, "the pull request");
  return opened;
}

/** `ao start --json`'s dashboard, logged in as the page is: its JSON GET and POST. */
async function dashboard(loop: GitHubLoop) {
  const started = await loop.ao(["start", "--json"]);
  expect(started.exitCode, started.stderr).toBe(0);
  const { port, hash } = new URL((JSON.parse(started.stdout) as { url: string }).url);
  const origin = `http://127.0.0.1:${port}`;
  const login = await httpRequestRaw(Number(port), "POST", "/api/session-cookie", {
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ token: hash.replace("#token=", "") }),
  });
  const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0] ?? "";
  return {
    get: (path: string) => httpRequestRaw(Number(port), "GET", path, { headers: { cookie } }),
    post: (path: string, body: unknown) =>
      httpRequestRaw(Number(port), "POST", path, {
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
  };
}

describe("the review posted as a GitHub review (built binary, fake GitHub, scripted agent)", () => {
  it(
    "posts one review with a thread per comment; the changes-requested reaction delivers it once",
    { timeout: 300_000 },
    async () => {
      const loop = await makeGitHubLoop();
      const number = await sessionWithPull(loop);
      const page = await dashboard(loop);
      try {
        const diff = JSON.parse((await page.get("/api/sessions/app-1/diff")).text) as SessionDiffAnswer;
        const file = diff.files[0]!;
        const line = file.hunks[0]!.lines.find((candidate) => candidate.kind === "added")!;
        const posted = await page.post("/api/sessions/app-1/review-comments", {
          head: diff.head,
          comments: [{ path: file.path, line: line.new, side: "new", body: "Greet in French too." }],
          summary: "One thing before this can merge.",
          to: "github",
        });
        expect(posted.status, posted.text).toBe(200);
        expect(JSON.parse(posted.text) as ReviewCommentsAnswer).toMatchObject({
          to: "github",
          comments: 1,
          prNumber: number,
          turnId: null,
        });
        const review = loop.fake.state.reviews.find((candidate) => candidate.pull === number)!;
        expect(review).toMatchObject({
          state: "CHANGES_REQUESTED",
          body: "One thing before this can merge.",
        });
        expect(review.commitId).toBe(diff.head);
        expect(loop.fake.state.threadsOf(REPO, number).map((t) => [t.path, t.line])).toEqual([
          [file.path, line.new],
        ]);
        // Nothing went to the agent directly: the daemon's reaction tells it, once.
        await until(
          () => loop.messages().find((text) => text.includes("Greet in French too.")),
          "the review to reach the agent",
          WAIT,
        );
        expect(loop.messages().filter((text) => text.includes("Greet in French too."))).toHaveLength(1);
        const events = await loop.events();
        expect(events.find((event) => event.type === "review.commented")?.payload).toMatchObject({
          to: "forge",
          pr: number,
          head: diff.head,
          comments: 1,
          places: [`${file.path}:${String(line.new)}`],
        });
      } finally {
        await loop.ao(["stop"]);
      }
    },
  );
});
