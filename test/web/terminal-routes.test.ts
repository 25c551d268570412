import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventually } from "../contracts/eventually.js";
import { controlClients, makeTerminalWorld, openStream, type OpenStream } from "./terminal-world.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const first = (stream: OpenStream, event: string) =>
  eventually(() => stream.messages.find((message) => message.event === event)?.data, `a ${event} message`);

describe("web terminal routes", () => {
  it("says which sessions have a pane; a runtime without one is refused with no_pane", async () => {
    const world = await makeTerminalWorld();
    expect(await world.get("/api/sessions/ao-1/terminal")).toEqual({
      status: 200,
      body: { session: "ao-1", pane: true, runtime: "tmux" },
    });
    expect((await world.get("/api/sessions/ao-2/terminal")).body).toEqual({
      session: "ao-2",
      pane: false,
      runtime: "process",
      reason: "this runtime (process) has no pane",
    });
    expect(await world.get("/api/sessions/ao-2/terminal/stream")).toMatchObject({
      status: 409,
      body: { code: "no_pane" },
    });
    expect((await world.get("/api/sessions/ao-9/terminal")).status).toBe(404);
    expect((await world.get("/api/sessions/ao-1/terminal", "wrong")).status).toBe(401);
  });

  it("streams the first screen and the output; input needs control, then reaches the agent byte for byte", async () => {
    const world = await makeTerminalWorld();
    const stream = await openStream(world);
    expect(stream.messages[0]?.event).toBe("viewer");
    const viewer = String((await first(stream, "viewer"))["viewer"]);
    const screen = await first(stream, "screen");
    expect(screen).toMatchObject({ cols: 100, rows: 30 });
    expect(Buffer.from(String(screen["data"]), "base64").toString("utf8")).toContain(">");
    expect(await first(stream, "control")).toEqual({ held: false, mine: false });

    // Read-only until control is taken: a made-up control id types nothing.
    const refused = await world.post("/api/sessions/ao-1/terminal/input", {
      controlId: "x".repeat(32),
      data: b64("nope"),
    });
    expect(refused).toMatchObject({ status: 409, body: { code: "E_SESSION_STATE" } });
    const taken = await world.post("/api/sessions/ao-1/terminal/control", { viewer });
    expect(taken.status).toBe(200);
    const { controlId, control } = taken.body as { controlId: string; control: string };
    await eventually(
      () => stream.messages.some((m) => m.event === "control" && m.data["mine"] === true),
      "control is mine",
    );

    const keys = "echo 日本 $(id) \\ %end\x7f";
    expect(await world.post("/api/sessions/ao-1/terminal/input", { controlId, data: b64(keys) })).toEqual({
      status: 200,
      body: { bytes: Buffer.byteLength(keys) },
    });
    await eventually(
      () => existsSync(world.inputLog) && readFileSync(world.inputLog).length >= Buffer.byteLength(keys),
      "the keys",
    );
    expect(readFileSync(world.inputLog, "utf8")).toBe(keys);
    await eventually(() => stream.output().includes("echo 日本 $(id) \\ %en"), "the echo in the stream");

    expect(world.events("terminal.control_taken").map((e) => e.payload)).toEqual([
      { control, replaced: null },
    ]);
    const inputs = world.events("terminal.input").map((e) => e.payload);
    expect(inputs).toEqual([{ control, bytes: Buffer.byteLength(keys) }]);
    expect(JSON.stringify(world.events("terminal"))).not.toContain(controlId);
    stream.close();
  });

  it("never resizes the pane without control; with control it does, and releasing gives the size back", async () => {
    const world = await makeTerminalWorld();
    const size = () =>
      world.tmux(["display", "-p", "-t", "=ao-1:0.0", "#{pane_width}x#{pane_height}"]).trim();
    const stream = await openStream(world);
    const viewer = String((await first(stream, "viewer"))["viewer"]);
    await first(stream, "screen");
    const refused = await world.post("/api/sessions/ao-1/terminal/resize", {
      controlId: "x".repeat(32),
      cols: 40,
      rows: 10,
    });
    expect(refused.status).toBe(409);
    expect(size()).toBe("100x30");
    const { controlId } = (await world.post("/api/sessions/ao-1/terminal/control", { viewer })).body as {
      controlId: string;
    };
    expect(
      (await world.post("/api/sessions/ao-1/terminal/resize", { controlId, cols: 40, rows: 10 })).status,
    ).toBe(200);
    expect(size()).toBe("40x10");
    await eventually(
      () => stream.messages.some((m) => m.event === "size" && m.data["cols"] === 40),
      "the size message",
    );
    expect((await world.post("/api/sessions/ao-1/terminal/release", { controlId })).status).toBe(200);
    expect(size()).toBe("100x30");
    expect(world.events("terminal.control_released").map((e) => e.payload)).toMatchObject([
      { reason: "released", sizeRestored: true },
    ]);
    const after = await world.post("/api/sessions/ao-1/terminal/input", { controlId, data: b64("x") });
    expect(after.status).toBe(409);
    stream.close();
  });

  it("shares one control-mode client among viewers and closes it when the last one leaves", async () => {
    const world = await makeTerminalWorld();
    const one = await openStream(world);
    const two = await openStream(world);
    await first(one, "screen");
    await first(two, "screen");
    expect(controlClients(world.socket)).toHaveLength(1);
    const viewer = String((await first(one, "viewer"))["viewer"]);
    await world.post("/api/sessions/ao-1/terminal/control", { viewer });
    one.close();
    await eventually(
      () => world.events("terminal.control_released").length === 1,
      "the release as the viewer left",
    );
    expect(world.events("terminal.control_released")[0]?.payload).toMatchObject({ reason: "viewer_left" });
    expect(controlClients(world.socket)).toHaveLength(1);
    two.close();
    await eventually(() => controlClients(world.socket).length === 0, "no control client left");
  });

  it("refuses bodies that are not JSON objects of the right shape", async () => {
    const world = await makeTerminalWorld();
    const stream = await openStream(world);
    await first(stream, "screen");
    const form = await world.post("/api/sessions/ao-1/terminal/control", "viewer=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expect((await world.post("/api/sessions/ao-1/terminal/control", {})).status).toBe(400);
    expect((await world.post("/api/sessions/ao-1/terminal/control", { viewer: "not-a-viewer" })).status).toBe(
      404,
    );
    expect((await world.get("/api/sessions/ao-1/terminal/input")).status).toBe(405);
    stream.close();
  });
});
