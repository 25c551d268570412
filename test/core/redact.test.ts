import { describe, expect, it } from "vitest";
import { REDACTED, redactText, redactValue } from "../../src/core/redact.js";

const GHP = `ghp_${"a1B2".repeat(9)}`;
const PAT = `github_pat_11ABCDEFG0_${"x".repeat(40)}`;
const LIN = `lin_api_${"Z9".repeat(20)}`;

describe("redactText", () => {
  it.each([
    ["a GitHub classic token", `token is ${GHP} ok`, `token is ${REDACTED} ok`],
    ["a fine-grained GitHub token", `use ${PAT}`, `use ${REDACTED}`],
    ["a Linear API key", `key=${LIN}`, `key=${REDACTED}`],
    [
      "credentials in a URL",
      "https://bot:s3cr3t@github.com/acme/w.git",
      `https://bot:${REDACTED}@github.com/acme/w.git`,
    ],
    ["a bearer header", "Authorization: Bearer abcdefgh12345678", `Authorization: Bearer ${REDACTED}`],
    [
      "a Slack webhook path",
      "https://hooks.slack.com/services/T000/B000/XXXX",
      `https://hooks.slack.com/services/${REDACTED}`,
    ],
  ])("masks %s", (_label, input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it("leaves ordinary text alone", () => {
    const text = "git push origin feat/issue-12 (https://github.com/acme/widgets/pull/3)";
    expect(redactText(text)).toBe(text);
  });
});

describe("redactValue", () => {
  it("masks secret-named keys at any depth and patterns in other strings", () => {
    const input = {
      scm: { plugin: "github", token: "plain-looking" },
      notes: [`saw ${GHP}`],
      webhookUrl: "https://x",
    };
    expect(redactValue(input)).toEqual({
      scm: { plugin: "github", token: REDACTED },
      notes: [`saw ${REDACTED}`],
      webhookUrl: REDACTED,
    });
    expect(input.scm.token).toBe("plain-looking");
  });

  it("survives cycles and errors", () => {
    const cyclic: Record<string, unknown> = { name: "a" };
    cyclic["self"] = cyclic;
    expect(redactValue(cyclic)).toEqual({ name: "a", self: "[circular]" });
    const error = redactValue(new Error(`bad ${LIN}`)) as { message: string };
    expect(error.message).toBe(`bad ${REDACTED}`);
  });
});
