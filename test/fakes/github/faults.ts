import type { FakeResponse } from "./route.js";

/**
 * Answers a test queues up: GitHub's primary rate limit (403 with x-ratelimit-remaining: 0 and a
 * reset time), its secondary limit (403 or 429 with Retry-After), and server errors.
 */
export interface FakeFault {
  status: 403 | 429 | 500 | 502 | 503;
  /** How many matching requests get it (default 1). */
  times?: number;
  /** Seconds, in Retry-After (secondary limits) or until x-ratelimit-reset (primary). Default 0 / 1. */
  retryAfter?: number;
  /** A 403 is a primary limit unless this says "secondary"; a 429 is always secondary. */
  kind?: "primary" | "secondary";
  /** Only requests whose path starts with this (a string) or matches it (a RegExp). */
  path?: string | RegExp;
}

export class FaultQueue {
  private readonly faults: (FakeFault & { left: number })[] = [];

  add(fault: FakeFault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  /** The injected answer for this request, if one is due. */
  take(path: string, nowMs: number): FakeResponse | undefined {
    const fault = this.faults.find((f) => f.left > 0 && matches(f.path, path));
    if (!fault) return undefined;
    fault.left--;
    return respond(fault, nowMs);
  }
}

function matches(pattern: string | RegExp | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  return typeof pattern === "string" ? path.startsWith(pattern) : pattern.test(path);
}

function respond(fault: FakeFault, nowMs: number): FakeResponse {
  if (fault.status >= 500) return { status: fault.status, body: { message: "Server Error" } };
  if (fault.status === 403 && fault.kind !== "secondary") {
    const reset = Math.floor(nowMs / 1000) + (fault.retryAfter ?? 0);
    return {
      status: 403,
      headers: {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
      },
      body: {
        message: "API rate limit exceeded for user ID 1.",
        documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
      },
    };
  }
  return {
    status: fault.status,
    headers: { "retry-after": String(fault.retryAfter ?? 1) },
    body: {
      message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
      documentation_url:
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
    },
  };
}
