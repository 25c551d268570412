import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openWebhookLedger } from "../../../src/core/daemon/webhook-ledger.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const DAY = 24 * 60 * 60 * 1000;

function clockAt(start: number): { now: () => number; advance: (ms: number) => void } {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms) };
}

describe("webhook ledger", () => {
  it("remembers a delivery across a daemon restart, and forgets it after its retention", () => {
    const home = makeTempDir("ao-ledger-");
    const clock = clockAt(1_700_000_000_000);
    const body = Buffer.from('{"action":"opened"}');
    expect(openWebhookLedger({ home }, clock).firstTime("github", "d-1", body)).toBe(true);

    const restarted = openWebhookLedger({ home }, clock);
    expect(restarted.firstTime("github", "d-1", Buffer.from("{}"))).toBe(false);
    expect(restarted.firstTime("github", "d-9", body)).toBe(false);
    expect(restarted.firstTime("github", "d-2", Buffer.from('{"action":"closed"}'))).toBe(true);
    expect(readFileSync(join(home, "webhooks", "seen.log"), "utf8")).toContain("github:id:d-1");

    clock.advance(8 * DAY);
    expect(openWebhookLedger({ home }, clock).firstTime("github", "d-1", body)).toBe(true);
  });
});
