import { describe, expect, it } from "vitest";
import { admissionVerdict, formatByteSize, parseByteSize } from "../../../src/core/admission/index.js";
import { parsePsTable, treeMemory } from "../../../src/core/admission/process-memory.js";

const GiB = 1024 ** 3;
const machine = { freeMemory: 8 * GiB, totalMemory: 16 * GiB, load1: 1, cores: 2 };

describe("admissionVerdict", () => {
  it("admits when free memory covers the floor, the new agent and the agents still starting", () => {
    const admission = { minFreeMemory: 4 * GiB };
    expect(admissionVerdict({ admission, machine, expected: 2 * GiB, starting: 2 * GiB })).toBeUndefined();
    expect(admissionVerdict({ admission, machine, expected: 2 * GiB, starting: 2.5 * GiB })).toMatchObject({
      resource: "memory",
      reason: "waiting for 8.5 GiB free; 8.0 GiB now",
    });
  });

  it("counts an agent's share even without a floor, and nothing when neither is known", () => {
    const small = { ...machine, freeMemory: 1 * GiB };
    expect(admissionVerdict({ admission: {}, machine: small, expected: 2 * GiB, starting: 0 })?.reason).toBe(
      "waiting for 2.0 GiB free; 1.0 GiB now",
    );
    expect(admissionVerdict({ admission: {}, machine: small, expected: 0, starting: 0 })).toBeUndefined();
  });

  it("refuses above the load per core, saying both", () => {
    const busy = { ...machine, load1: 4 };
    expect(
      admissionVerdict({ admission: { maxLoadPerCore: 1.5 }, machine: busy, expected: 0, starting: 0 }),
    ).toEqual({
      resource: "load",
      needed: 1.5,
      now: 2,
      reason: "waiting for the load to fall to 1.5 per core; 2.00 now",
    });
    expect(
      admissionVerdict({ admission: { maxLoadPerCore: 2 }, machine: busy, expected: 0, starting: 0 }),
    ).toBeUndefined();
  });
});

describe("byte sizes", () => {
  it("reads binary and decimal units and plain bytes, and nothing else", () => {
    expect(parseByteSize("4GiB")).toBe(4 * GiB);
    expect(parseByteSize("512 MiB")).toBe(512 * 1024 ** 2);
    expect(parseByteSize("2GB")).toBe(2e9);
    expect(parseByteSize("1.5gib")).toBe(1.5 * GiB);
    expect(parseByteSize("100")).toBe(100);
    expect(parseByteSize("4 gigs")).toBeUndefined();
    expect(parseByteSize("-1GiB")).toBeUndefined();
  });

  it("prints a tenth above a GiB, whole units below", () => {
    expect(formatByteSize(2.14 * GiB)).toBe("2.1 GiB");
    expect(formatByteSize(300 * 1024 ** 2)).toBe("300 MiB");
    expect(formatByteSize(900 * 1024)).toBe("900 KiB");
  });
});

describe("process tree memory", () => {
  it("sums a root and every descendant once, from ps's table", () => {
    const rows = parsePsTable(
      [
        "  1     0   100",
        " 10     1  1000",
        " 11    10  2000",
        " 12    11   500",
        " 20     1  7000",
        "garbage",
      ].join("\n"),
    );
    expect(rows).toHaveLength(5);
    const sums = treeMemory(rows, [10, 20, 99]);
    expect(sums.get(10)).toBe(3500 * 1024);
    expect(sums.get(20)).toBe(7000 * 1024);
    expect(sums.has(99)).toBe(false);
  });
});
