import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/index.js";
import { createControlContext } from "../../../src/core/control/control-context.js";
import { getPlan } from "../../../src/core/plans/plan-store.js";
import { listRevisions } from "../../../src/core/plans/revision-store.js";
import {
  closeStore,
  insertCommander,
  openStore,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { createControlServer } from "../../../src/mcp/control-server.js";
import { makeSessionFixture } from "../sessions/session-fixture.js";
import { diamondProposal } from "../plans/plan-fixture.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The official SDK client connected to the control server a commander gets, over a real store. */
async function commanderClient(): Promise<{ client: Client; store: Store }> {
  const f = makeSessionFixture();
  f.writeConfig("", "controlPlane:\n  enabled: true\n  planRevisionCooldown: 2m\n");
  const store = openStore(f.ctx);
  cleanups.push(() => closeStore(store));
  const commander = writeTransaction(store, (tx) => insertCommander(tx, "lead", "0".repeat(64)));
  const cc = createControlContext(f.ctx, store, await loadConfig(f.ctx));
  const server = createControlServer(cc, { kind: "commander", commander }, "0.0.0-test");
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-lead", version: "1.0.0" });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return { client, store };
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  try {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { text?: string }[])[0]?.text ?? "";
    return {
      isError: result.isError === true,
      text,
      structured: result.structuredContent as Record<string, unknown>,
    };
  } catch (error) {
    return { isError: true, text: String(error), structured: {} };
  }
}

describe("plans over the control plane", () => {
  it("offers propose, submit, playbook and read tools, and no approval tool", async () => {
    const { client } = await commanderClient();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["propose_orchestration", "submit_plan", "run_playbook", "get_plan"]),
    );
    expect(names.filter((name) => /approv/i.test(name))).toEqual([]);
  });

  it("refuses a forged approval: an approval-like tool name, or arguments that try to set state", async () => {
    const { client, store } = await commanderClient();
    const proposed = await call(client, "propose_orchestration", { proposal: diamondProposal() });
    expect(proposed.isError, proposed.text).toBe(false);
    expect(proposed.structured).toMatchObject({ plan_id: "plan-1", status: "proposed", revision: 1 });
    for (const name of ["approve_plan", "approve", "plan_approve"]) {
      const forged = await call(client, name, { plan_id: "plan-1", revision: 1 });
      expect(forged.isError).toBe(true);
      expect(forged.text).toMatch(/not found/i);
    }
    const withState = await call(client, "propose_orchestration", {
      plan_id: "plan-1",
      base_revision: 1,
      proposal: diamondProposal(),
      status: "approved",
    });
    expect(withState.isError).toBe(true);
    const inProposal = await call(client, "propose_orchestration", {
      plan_id: "plan-1",
      base_revision: 1,
      proposal: { ...diamondProposal(), status: "approved", approved_revision: 1 },
    });
    expect(inProposal.isError).toBe(true);
    expect(inProposal.text).toContain("E_PLAN_INVALID");
    expect(getPlan(store, "plan-1")).toMatchObject({
      status: "proposed",
      approvedRevision: null,
      revision: 1,
    });
  });

  it("holds an agent's revision inside the cooldown and refuses a stale one", async () => {
    const { client, store } = await commanderClient();
    await call(client, "propose_orchestration", { proposal: diamondProposal() });
    const revised = await call(client, "propose_orchestration", {
      plan_id: "plan-1",
      base_revision: 1,
      proposal: { ...diamondProposal(), goal: "again" },
    });
    expect(revised.isError, revised.text).toBe(false);
    expect(revised.structured).toMatchObject({ revision: 1, held: { coalesced: 1 } });
    expect(listRevisions(store, "plan-1")).toHaveLength(1);
    const stale = await call(client, "propose_orchestration", {
      plan_id: "plan-1",
      base_revision: 7,
      proposal: diamondProposal(),
    });
    expect(stale.text).toContain("the plan moved on");
  });

  it("submits a YAML plan document with its problems by line", async () => {
    const { client } = await commanderClient();
    const bad = await call(client, "submit_plan", { plan: "goal: g\nroles: {}\ntickets: []\n" });
    expect(bad.text).toMatch(/plan:3:\d+ tickets: /);
  });
});
