import { describe, expect, it } from "vitest";
import { createLossConfirmation, type Look } from "../../../src/core/daemon/loss-confirmation.js";

/** A look: the runtimes gone, the live sessions (all on tmux unless named `id@runtime`), a kill since. */
function look(gone: string[], live: string[], killedSince = false): Look {
  const sessions = live.map((entry) => {
    const [id = "", runtime = "tmux"] = entry.split("@");
    return [id, runtime] as const;
  });
  return { gone: new Set(gone), live: new Map(sessions), killedSince };
}

function plain(verdict: ReturnType<ReturnType<typeof createLossConfirmation>>) {
  const flat = (map: ReadonlyMap<string, ReadonlySet<string>>) =>
    Object.fromEntries([...map].map(([runtime, ids]) => [runtime, [...ids].sort()]));
  return { pending: flat(verdict.pending), confirmed: flat(verdict.confirmed) };
}

describe("createLossConfirmation", () => {
  it("confirms a lost server at the second consecutive look, with the sessions live at either", () => {
    const confirm = createLossConfirmation();
    expect(plain(confirm(look([], ["app-1", "app-2", "web-1@process"])))).toEqual({
      pending: {},
      confirmed: {},
    });
    expect(plain(confirm(look(["tmux"], ["app-1", "app-2", "web-1@process"])))).toEqual({
      pending: { tmux: ["app-1", "app-2"] },
      confirmed: {},
    });
    // Between the looks a cycle marked app-2 exited: it was live at the look before, so it is named.
    expect(plain(confirm(look(["tmux"], ["app-1", "web-1@process"])))).toEqual({
      pending: {},
      confirmed: { tmux: ["app-1", "app-2"] },
    });
  });

  it("forgets a sighting the next look does not repeat", () => {
    const confirm = createLossConfirmation();
    confirm(look([], ["app-1"]));
    expect(plain(confirm(look(["tmux"], ["app-1"]))).pending).toEqual({ tmux: ["app-1"] });
    expect(plain(confirm(look([], ["app-1"])))).toEqual({ pending: {}, confirmed: {} });
    expect(plain(confirm(look(["tmux"], ["app-1"])))).toEqual({
      pending: { tmux: ["app-1"] },
      confirmed: {},
    });
  });

  it("never takes a look that follows a kill as the first sighting", () => {
    const confirm = createLossConfirmation();
    confirm(look([], ["app-1", "app-2"]));
    // app-2, the last session, was killed: tmux exited with it. Its record says killed already.
    expect(plain(confirm(look(["tmux"], ["app-1"], true)))).toEqual({ pending: {}, confirmed: {} });
    // The next look counts as a first sighting (of app-1, still recorded live), not as a confirmation.
    expect(plain(confirm(look(["tmux"], ["app-1"])))).toEqual({
      pending: { tmux: ["app-1"] },
      confirmed: {},
    });
    expect(plain(confirm(look(["tmux"], ["app-1"]))).confirmed).toEqual({ tmux: ["app-1"] });
  });

  it("sees no loss when no session is recorded live on the gone server (the last one was killed)", () => {
    const confirm = createLossConfirmation();
    confirm(look([], ["app-1"]));
    confirm(look([], []));
    expect(plain(confirm(look(["tmux"], [])))).toEqual({ pending: {}, confirmed: {} });
    expect(plain(confirm(look(["tmux"], [])))).toEqual({ pending: {}, confirmed: {} });
  });

  it("leaves a server gone at the daemon's first look to ao start until it was seen running again", () => {
    const confirm = createLossConfirmation();
    confirm(look(["tmux"], ["app-1"]));
    expect(plain(confirm(look(["tmux"], ["app-1"])))).toEqual({ pending: {}, confirmed: {} });
    expect(plain(confirm(look(["tmux"], ["app-1"])))).toEqual({ pending: {}, confirmed: {} });
    confirm(look([], ["app-1"]));
    expect(plain(confirm(look(["tmux"], ["app-1"]))).pending).toEqual({ tmux: ["app-1"] });
  });
});
