import type { AoContext } from "../../core/context.js";
import { closeStore, getTurn, openStore } from "../../core/store/index.js";
import { describeInterruptedSend } from "../../core/turns/index.js";

/** The exit status of a command ended by SIGINT, as shells report it (128 + 2). */
export const INTERRUPTED_EXIT = 130;

/**
 * Ctrl-C of `ao send`: says on stderr what state the message was left in (read from the store,
 * since the turn goes on without the command) and exits 130. `given` names the turn once there is one.
 */
export function onSendInterrupt(ctx: AoContext): { given: (turnId: string) => void; dispose: () => void } {
  let turnId: string | undefined;
  const interrupted = () => {
    ctx.stderr.write(`${describeInterruptedSend(turnNow(ctx, turnId))}\n`);
    process.exit(INTERRUPTED_EXIT);
  };
  process.once("SIGINT", interrupted);
  return {
    given: (id) => (turnId = id),
    dispose: () => process.off("SIGINT", interrupted),
  };
}

function turnNow(ctx: AoContext, turnId: string | undefined) {
  if (turnId === undefined) return undefined;
  const store = openStore(ctx);
  try {
    return getTurn(store, turnId);
  } finally {
    closeStore(store);
  }
}
