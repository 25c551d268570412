import { describe, expect, it } from "vitest";
import {
  signGitHubPayload,
  verifyGitHubSignature,
} from "../../../src/plugins/scm/github/webhook-signature.js";

const SECRET = "It's a Secret to Everybody";
const BODY = Buffer.from("Hello, World!");

describe("verifyGitHubSignature", () => {
  it("matches GitHub's documented example", () => {
    // From docs.github.com, "Validating webhook deliveries".
    const header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    expect(signGitHubPayload(SECRET, BODY)).toBe(header);
    expect(verifyGitHubSignature(SECRET, BODY, header)).toBe(true);
  });

  it("rejects another secret, a changed body, and malformed or missing headers", () => {
    const header = signGitHubPayload(SECRET, BODY);
    expect(verifyGitHubSignature("another secret", BODY, header)).toBe(false);
    expect(verifyGitHubSignature(SECRET, Buffer.from("Hello, World?"), header)).toBe(false);
    expect(verifyGitHubSignature(SECRET, BODY, undefined)).toBe(false);
    expect(verifyGitHubSignature(SECRET, BODY, header.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyGitHubSignature(SECRET, BODY, header.slice(0, -2))).toBe(false);
    expect(verifyGitHubSignature(SECRET, BODY, "sha256=not-hex")).toBe(false);
  });
});
