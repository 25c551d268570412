import { lifecycleContract } from "../../contracts/lifecycle.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { plugin } from "../../../src/plugins/lifecycle/core.js";

lifecycleContract("core", async () => {
  const ctx = makeTestContext();
  const lifecycle = await plugin.create(plugin.options.parse({}), { ...ctx, baseDir: ctx.cwd });
  return { lifecycle, cleanup: () => Promise.resolve() };
});
