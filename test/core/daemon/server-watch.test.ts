import { describe, expect, it } from "vitest";
import { definePlugin } from "../../../src/core/plugin-api.js";
import { createServerWatch } from "../../../src/core/daemon/server-watch.js";
import { createDaemonLog } from "../../../src/core/daemon/daemon-log.js";
import { emptyCatalog } from "../../../src/core/registry/catalog.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { z } from "zod";

/** A runtime whose server a test takes away and brings back; `fails` makes the question fail. */
function world() {
  const server = { gone: false, fails: false };
  const runtime = (serverGone?: () => Promise<boolean>) =>
    definePlugin({
      slot: "runtime",
      name: "fake",
      description: "a runtime for the test",
      options: z.object({}),
      create: () => {
        throw new Error("not created in this test");
      },
      ...(serverGone === undefined ? {} : { serverGone }),
    });
  const catalog = {
    ...emptyCatalog(),
    runtime: {
      serverful: () =>
        Promise.resolve(
          runtime(() =>
            server.fails ? Promise.reject(new Error("tmux timed out")) : Promise.resolve(server.gone),
          ),
        ),
      serverless: () => Promise.resolve(runtime()),
    },
  };
  const ctx = makeTestContext({ catalog });
  return { server, ctx, watch: createServerWatch(ctx, ctx.cwd, createDaemonLog(ctx)) };
}

describe("createServerWatch", () => {
  it("answers the runtimes whose server is gone now, asking each once per look", async () => {
    const { server, watch } = world();
    expect([...(await watch(["serverful"]))]).toEqual([]);
    server.gone = true;
    expect([...(await watch(["serverful", "serverful"]))]).toEqual(["serverful"]);
    expect([...(await watch(["serverful"]))]).toEqual(["serverful"]);
    server.gone = false;
    expect([...(await watch(["serverful"]))]).toEqual([]);
  });

  it("never reads 'cannot tell' as gone, and never asks a runtime without the capability", async () => {
    const { server, ctx, watch } = world();
    server.gone = true;
    expect([...(await watch(["serverful", "serverless", "unknown-runtime"]))]).toEqual(["serverful"]);
    server.fails = true;
    expect([...(await watch(["serverful", "serverless"]))]).toEqual([]);
    expect([...(await watch(["serverful"]))]).toEqual([]);
    expect(ctx.stderr.text().match(/tmux timed out/g)).toHaveLength(1);
  });
});
