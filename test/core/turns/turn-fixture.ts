import { FakeRuntime, type FakeKeyHandler, type FakeProgram } from "../../fakes/runtime.js";
import { makeSessionFixture, type SessionFixture } from "../sessions/session-fixture.js";
import { closeStore, openStore, type Store } from "../../../src/core/store/index.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { cliResolver, type TurnContext } from "../../../src/core/turns/turn-context.js";
import { listSessionTurns } from "../../../src/core/turns/turn-commands.js";

export interface TurnFixture extends SessionFixture {
  /**
   * Spawns a session of the hooked fake agent (the turn capability) and returns its id once the
   * agent ended its task's turn (unless `hooked.holdsTask`).
   */
  spawnHooked(): Promise<string>;
  /** A turn context over a fresh store connection (closed after the test), as a command has. */
  turnContext(sleep?: (ms: number) => Promise<unknown>): TurnContext;
  /** A sleep that runs `step` (the agent doing something) each time a wait looks away. */
  steps(...steps: (() => void)[]): (ms: number) => Promise<void>;
  close(): void;
}

/**
 * Sessions on the in-memory runtime with an agent whose "hooks" the test writes: the agent starts a
 * turn when the program says so (`program`), and ends it when the test says so.
 */
export function makeTurnFixture(
  options: { program?: FakeProgram; onKey?: FakeKeyHandler } = {},
): TurnFixture {
  const runtime = new FakeRuntime(options);
  const fixture = makeSessionFixture({ runtime });
  const stores: Store[] = [];
  return {
    ...fixture,
    async spawnHooked() {
      const { id } = await spawnSession(fixture.ctx, { project: "app", issue: "Fix it", agent: "hooked" });
      // The agent works on its task first (t-1, origin spawn); `ao turns` sees that it ended.
      await listSessionTurns(fixture.ctx, id);
      return id;
    },
    turnContext(sleep) {
      const store = openStore(fixture.ctx);
      stores.push(store);
      return { ctx: fixture.ctx, store, agentOf: cliResolver(fixture.ctx, undefined), sleep };
    },
    steps(...steps) {
      const queue = [...steps];
      return () => {
        queue.shift()?.();
        return Promise.resolve();
      };
    },
    close() {
      for (const store of stores.splice(0)) closeStore(store);
    },
  };
}
