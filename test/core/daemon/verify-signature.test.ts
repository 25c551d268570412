import { describe, expect, it } from "vitest";
import { signGithubPayload, verifyGithubSignature } from "../../../src/core/daemon/verify-signature.js";

const SECRET = "It's a Secret to Everybody";
const BODY = Buffer.from("Hello, World!");

describe("verifyGithubSignature", () => {
  it("matches GitHub's documented example", () => {
    // From docs.github.com, "Validating webhook deliveries".
    const header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    expect(signGithubPayload(SECRET, BODY)).toBe(header);
    expect(verifyGithubSignature(SECRET, BODY, header)).toBe(true);
  });

  it("rejects another secret, a changed body, and malformed or missing headers", () => {
    const header = signGithubPayload(SECRET, BODY);
    expect(verifyGithubSignature("another secret", BODY, header)).toBe(false);
    expect(verifyGithubSignature(SECRET, Buffer.from("Hello, World?"), header)).toBe(false);
    expect(verifyGithubSignature(SECRET, BODY, undefined)).toBe(false);
    expect(verifyGithubSignature(SECRET, BODY, header.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyGithubSignature(SECRET, BODY, header.slice(0, -2))).toBe(false);
    expect(verifyGithubSignature(SECRET, BODY, "sha256=not-hex")).toBe(false);
  });
});
