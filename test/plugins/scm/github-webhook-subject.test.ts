import { describe, expect, it } from "vitest";
import { parseGitHubWebhook } from "../../../src/plugins/scm/github/parse-webhook.js";
import { signGitHubPayload } from "../../../src/plugins/scm/github/webhook-signature.js";
import { webhookSubject } from "../../../src/plugins/scm/github/webhook-subject.js";

const repository = { full_name: "acme/widgets" };

describe("webhookSubject", () => {
  it("reads the branch and PR of each event a PR's life produces", () => {
    const cases: [unknown, string[], number[]][] = [
      [{ repository, pull_request: { number: 7, head: { ref: "feat/a" } } }, ["feat/a"], [7]],
      [
        { repository, check_run: { check_suite: { head_branch: "feat/b" }, pull_requests: [{ number: 8 }] } },
        ["feat/b"],
        [8],
      ],
      [{ repository, check_suite: { head_branch: "feat/c", pull_requests: [] } }, ["feat/c"], []],
      [
        { repository, workflow_run: { head_branch: "feat/d", pull_requests: [{ number: 9 }] } },
        ["feat/d"],
        [9],
      ],
      [{ repository, review: {}, pull_request: { number: 10, head: { ref: "feat/e" } } }, ["feat/e"], [10]],
      [
        { repository, state: "failure", branches: [{ name: "feat/f" }, { name: "main" }] },
        ["feat/f", "main"],
        [],
      ],
      [{ repository, issue: { number: 11, pull_request: {} } }, [], [11]],
      [{ repository, issue: { number: 12 } }, [], []],
      [{ repository, ref: "refs/heads/feat/g" }, ["feat/g"], []],
    ];
    for (const [payload, branches, pullRequests] of cases) {
      expect(webhookSubject(payload)).toEqual({ repository: "acme/widgets", branches, pullRequests });
    }
  });

  it("gives empty targets for shapes it does not know", () => {
    expect(webhookSubject(null)).toEqual({ repository: undefined, branches: [], pullRequests: [] });
    expect(webhookSubject({ zen: "Design for failure.", hook_id: 1 })).toEqual({
      repository: undefined,
      branches: [],
      pullRequests: [],
    });
  });
});

const SECRET = "s3cret-for-tests";
const payload = JSON.stringify({
  repository: { full_name: "acme/widgets" },
  pull_request: { number: 3, head: { ref: "feat/x" } },
});

function delivery(signature: string | undefined, body = payload) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-github-event": "pull_request",
    "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
  };
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  return { headers, body: Buffer.from(body), secret: SECRET };
}

describe("parseGitHubWebhook", () => {
  it("verifies a signed delivery and says what it is about, with GitHub's event and delivery id", () => {
    expect(parseGitHubWebhook(delivery(signGitHubPayload(SECRET, payload)))).toEqual({
      verified: true,
      event: "pull_request",
      delivery: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      about: { repository: "acme/widgets", branches: ["feat/x"], pullRequests: [3] },
    });
  });

  it("refuses with 401 a bad or missing signature, before reading the payload", () => {
    for (const signature of [signGitHubPayload("wrong", payload), undefined, "sha256=zz"])
      expect(parseGitHubWebhook(delivery(signature))).toEqual({
        verified: false,
        status: 401,
        error: "bad signature",
        event: "pull_request",
        delivery: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      });
  });

  it("refuses with 400 a signed body that is not JSON, naming the setting to fix", () => {
    const verdict = parseGitHubWebhook(delivery(signGitHubPayload(SECRET, "a=b"), "a=b"));
    expect(verdict).toMatchObject({ verified: false, status: 400 });
    expect(!verdict.verified && verdict.error).toContain("content type to application/json");
  });
});
