import type { AoContext } from "../core/context.js";
import { createCommander, revokeCommanderNamed } from "../core/control/index.js";
import { closeStore, listCommanders, listOpenWorkers, openStore, type Store } from "../core/store/index.js";

/** A commander as `ao mcp tokens` shows it: never its token. */
export interface CommanderView {
  name: string;
  createdAt: string;
  revokedAt: string | null;
  openWorkers: number;
}

function withStore<T>(ctx: AoContext, run: (store: Store) => T): T {
  const store = openStore(ctx);
  try {
    return run(store);
  } finally {
    closeStore(store);
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `ao mcp tokens`. */
export function listCommanderViews(ctx: AoContext): CommanderView[] {
  return withStore(ctx, (store) =>
    listCommanders(store).map((commander) => ({
      name: commander.name,
      createdAt: iso(commander.createdAt) ?? "",
      revokedAt: iso(commander.revokedAt),
      openWorkers: commander.revokedAt === null ? listOpenWorkers(store, commander.id).length : 0,
    })),
  );
}

/** `ao mcp tokens create <name>`: the token is shown this once (and kept in its 0600 file). */
export function createCommanderToken(
  ctx: AoContext,
  name: string,
): { commander: string; token: string; tokenFile: string } {
  return withStore(ctx, (store) => {
    const created = createCommander(store, ctx.paths, name);
    return { commander: created.commander.name, token: created.token, tokenFile: created.tokenFile };
  });
}

/** `ao mcp revoke <name>`. */
export function revokeCommanderToken(
  ctx: AoContext,
  name: string,
): { name: string; revokedAt: string | null } {
  return withStore(ctx, (store) => {
    const revoked = revokeCommanderNamed(store, ctx.paths, name);
    return { name: revoked.name, revokedAt: iso(revoked.revokedAt) };
  });
}
