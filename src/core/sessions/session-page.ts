import type { AoContext } from "../context.js";
import { sessionPageUrl } from "../daemon-state/dashboard-url.js";
import { closeStore, openStore, requireSession } from "../store/index.js";

/**
 * `ao session attach --web`: the logged-in URL of a known session's dashboard page. E_NOT_FOUND
 * for an unknown session, E_DAEMON_FAILED when no daemon serves the dashboard.
 */
export async function sessionPage(ctx: AoContext, id: string): Promise<{ session: string; url: string }> {
  const store = openStore(ctx);
  try {
    requireSession(store, id);
  } finally {
    closeStore(store);
  }
  return { session: id, url: await sessionPageUrl(ctx, id) };
}
