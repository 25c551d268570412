import { describe, expect, it } from "vitest";
import { normalizeCode, PairingCodes } from "../../../src/web/remote/pairing-codes.js";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("pairing codes (one-time, expiring, rate-limited)", () => {
  it("issues short readable codes that work once, in any case and with or without the dash", () => {
    const time = clock();
    const codes = new PairingCodes({ now: time.now });
    const issued = codes.issue();
    expect(issued.code).toMatch(/^[A-HJ-NP-TV-Z2-9]{4}-[A-HJ-NP-TV-Z2-9]{4}$/);
    expect(issued.expiresAt).toBe(time.now() + 5 * 60_000);
    expect(codes.redeem(` ${issued.code.toLowerCase().replace("-", " ")} `)).toEqual({ ok: true });
    // Single use: the same code again is a wrong code.
    expect(codes.redeem(issued.code)).toEqual({ ok: false, reason: "wrong" });
    expect(normalizeCode("ab-cd efgh")).toBe("ABCDEFGH");
  });

  it("refuses a code once it has expired", () => {
    const time = clock();
    const codes = new PairingCodes({ now: time.now, ttlMs: 60_000 });
    const issued = codes.issue();
    time.advance(60_000);
    expect(codes.redeem(issued.code)).toEqual({ ok: false, reason: "wrong" });
  });

  it("locks pairing after too many wrong codes, voids the open ones, and opens again after the window", () => {
    const time = clock();
    const codes = new PairingCodes({ now: time.now, maxFailures: 3, windowMs: 10 * 60_000 });
    const open = codes.issue();
    expect(codes.redeem("AAAA-AAAA")).toEqual({ ok: false, reason: "wrong" });
    expect(codes.redeem("AAAA-AAAB")).toEqual({ ok: false, reason: "wrong" });
    expect(codes.redeem("AAAA-AAAC")).toEqual({ ok: false, reason: "locked", retryAfterMs: 10 * 60_000 });
    time.advance(60_000);
    // Even the right code is refused while locked, and it is void afterwards.
    expect(codes.redeem(open.code)).toEqual({ ok: false, reason: "locked", retryAfterMs: 9 * 60_000 });
    time.advance(9 * 60_000);
    expect(codes.redeem(open.code)).toEqual({ ok: false, reason: "wrong" });
    const fresh = codes.issue();
    expect(codes.redeem(fresh.code)).toEqual({ ok: true });
  });

  it("forgets wrong codes older than the window", () => {
    const time = clock();
    const codes = new PairingCodes({ now: time.now, maxFailures: 2, windowMs: 60_000 });
    expect(codes.redeem("AAAA-AAAA").ok).toBe(false);
    time.advance(60_000);
    expect(codes.redeem("AAAA-AAAA")).toEqual({ ok: false, reason: "wrong" });
  });
});
