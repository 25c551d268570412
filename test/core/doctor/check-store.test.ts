import { describe, expect, it } from "vitest";
import { checkStore } from "../../../src/core/doctor/check-store.js";
import { closeStore, openStore } from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { writeDamagedDatabase } from "../store/store-fixture.js";

describe("checkStore", () => {
  it("is ok before the database exists", () => {
    const ctx = makeTestContext();
    const check = checkStore(ctx);
    expect(check).toMatchObject({ id: "store", status: "ok" });
    expect(check.detail).toBe(`${ctx.paths.database} does not exist yet (created on first use)`);
  });

  it("is ok for a healthy database, having run quick_check", () => {
    const ctx = makeTestContext();
    closeStore(openStore(ctx));
    const check = checkStore(ctx);
    expect(check.status).toBe("ok");
    expect(check.detail).toContain("passed quick_check");
  });

  it("fails a damaged database and says how to move it aside", () => {
    const ctx = makeTestContext();
    writeDamagedDatabase(ctx);
    const check = checkStore(ctx);
    expect(check.status).toBe("fail");
    expect(check.detail).toContain(`the state database ${ctx.paths.database} is damaged (quick_check:`);
    expect(check.fix).toContain(`mv ${ctx.paths.database} ${ctx.paths.database}.corrupt`);
  });
});
