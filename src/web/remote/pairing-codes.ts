import { createHash, randomInt } from "node:crypto";

/** Letters and digits a person reads off a screen without confusing them (no 0/O, 1/I/L, U). */
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
const CODE_LENGTH = 8;

export interface PairingCodeOptions {
  readonly now: () => number;
  /** How long a code stays valid; default 5 minutes. */
  readonly ttlMs?: number;
  /** Wrong codes allowed per window before pairing is locked; default 5. */
  readonly maxFailures?: number;
  /** The window of `maxFailures`, and how long a lock lasts; default 15 minutes. */
  readonly windowMs?: number;
}

export interface IssuedCode {
  /** As shown to the person: `ABCD-EFGH`. */
  readonly code: string;
  readonly expiresAt: number;
}

export type Redemption =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "wrong" }
  | { readonly ok: false; readonly reason: "locked"; readonly retryAfterMs: number };

/**
 * One-time pairing codes (docs/dashboard.md, "Pairing a device"): short, expiring, single use, and
 * kept only as hashes. Wrong codes are counted in a window: past `maxFailures`, every code still
 * open is voided and pairing refuses until the window has passed, so 30^8 codes cannot be guessed
 * a few at a time. A person on the desk then makes a new code.
 */
export class PairingCodes {
  private readonly open = new Map<string, number>();
  private failures: number[] = [];
  private lockedUntil = 0;

  constructor(private readonly options: PairingCodeOptions) {}

  issue(): IssuedCode {
    const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    const expiresAt = this.options.now() + (this.options.ttlMs ?? 5 * 60_000);
    this.open.set(hashCode(code), expiresAt);
    return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expiresAt };
  }

  /** Uses up `given` when it is an open, unexpired code; counts it as a failure otherwise. */
  redeem(given: string): Redemption {
    const now = this.options.now();
    if (now < this.lockedUntil) return { ok: false, reason: "locked", retryAfterMs: this.lockedUntil - now };
    const key = hashCode(normalizeCode(given));
    const expiresAt = this.open.get(key);
    this.open.delete(key);
    if (expiresAt !== undefined && now < expiresAt) return { ok: true };
    return this.fail(now);
  }

  private fail(now: number): Redemption {
    const windowMs = this.options.windowMs ?? 15 * 60_000;
    this.failures = [...this.failures.filter((at) => now - at < windowMs), now];
    if (this.failures.length < (this.options.maxFailures ?? 5)) return { ok: false, reason: "wrong" };
    this.open.clear();
    this.failures = [];
    this.lockedUntil = now + windowMs;
    return { ok: false, reason: "locked", retryAfterMs: windowMs };
  }
}

/** What a person may type: any case, with or without the dash and spaces. */
export function normalizeCode(given: string): string {
  return given.toUpperCase().replace(/[\s-]/g, "");
}

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}
