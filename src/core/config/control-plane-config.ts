import { parseDuration } from "./duration.js";
import type { RawControlPlane, RawProjectControlPlane } from "./control-plane-schema.js";
import type { ControlPlaneConfig } from "./types.js";

// Apart from control-plane-schema.ts, which builds zod schemas when imported: normalizing a config
// that the validated-config cache returned (every spawn, send and status) needs no zod.

/** The top-level section in milliseconds. */
export function normalizeControlPlane(raw: RawControlPlane): ControlPlaneConfig {
  return {
    enabled: raw.enabled,
    sendBoundMs: raw.sendBoundS * 1000,
    replyRetentionMs: parseDuration(raw.replyRetention),
    http: raw.http,
    planRevisionCooldownMs: parseDuration(raw.planRevisionCooldown),
    commanderApprovals: raw.commanderApprovals,
  };
}

/** A project's effective section: its overrides over the top-level one. */
export function projectControlPlane(
  global: ControlPlaneConfig,
  raw: RawProjectControlPlane | undefined,
): ControlPlaneConfig {
  return {
    enabled: raw?.enabled ?? global.enabled,
    sendBoundMs: raw?.sendBoundS === undefined ? global.sendBoundMs : raw.sendBoundS * 1000,
    replyRetentionMs:
      raw?.replyRetention === undefined ? global.replyRetentionMs : parseDuration(raw.replyRetention),
    http: global.http,
    planRevisionCooldownMs: global.planRevisionCooldownMs,
    commanderApprovals: raw?.commanderApprovals ?? global.commanderApprovals,
  };
}
