import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { closeStore, LATEST_SCHEMA_VERSION, openStore, verifyStore } from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { writeDamagedDatabase } from "./store-fixture.js";

describe("verifyStore", () => {
  it("reports a missing database without creating it", () => {
    const ctx = makeTestContext();
    expect(verifyStore(ctx)).toEqual({ exists: false, path: ctx.paths.database });
    expect(existsSync(ctx.paths.database)).toBe(false);
  });

  it("passes a healthy database and says its schema version", () => {
    const ctx = makeTestContext();
    closeStore(openStore(ctx));
    expect(verifyStore(ctx)).toEqual({
      exists: true,
      path: ctx.paths.database,
      version: LATEST_SCHEMA_VERSION,
    });
  });

  it("finds damaged pages an up-to-date open does not read, and leaves the file as it was", () => {
    const ctx = makeTestContext();
    writeDamagedDatabase(ctx);
    const before = readFileSync(ctx.paths.database);
    expect(() => verifyStore(ctx)).toThrow(/is damaged \(quick_check: /);
    expect(() => verifyStore(ctx)).toThrow(expect.objectContaining({ code: "E_STORE_CORRUPT" }));
    expect(readFileSync(ctx.paths.database).equals(before)).toBe(true);
  });

  it("reports a file that is not a database as E_STORE_CORRUPT", () => {
    const ctx = makeTestContext();
    writeFileSync(ctx.paths.database, "this is not sqlite ".repeat(300));
    expect(() => verifyStore(ctx)).toThrow(expect.objectContaining({ code: "E_STORE_CORRUPT" }));
  });

  it("reports a newer schema as E_STORE_TOO_NEW", () => {
    const ctx = makeTestContext();
    const store = openStore(ctx);
    store.db.pragma("user_version = 999");
    closeStore(store);
    expect(() => verifyStore(ctx)).toThrow(expect.objectContaining({ code: "E_STORE_TOO_NEW" }));
  });
});
