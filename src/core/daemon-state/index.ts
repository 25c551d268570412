/**
 * The daemon as any process sees it (docs/daemon.md): its files under AO_HOME and its lock, whether
 * it runs, the last cycle it recorded, and the dashboard address it serves. Imports only the store,
 * so `ao status`, doctor's repairs and a session's page read it without loading the daemon.
 */

// Whether the daemon runs, where it listens, and its last cycle.
export { readDaemonStatus, type DaemonStatus } from "./daemon-status.js";
export { LAST_CYCLE_META, readLastCycle, type LastCycle } from "./last-cycle.js";
export { readLastRecovery, recoverySummary, type LastRecovery } from "./last-recovery.js";

// The daemon's files under AO_HOME and its lock.
export {
  daemonFiles,
  readDaemonInfo,
  readDaemonToken,
  type DaemonFiles,
  type DaemonInfo,
} from "./daemon-files.js";
export { acquireDaemonLock, isDaemonLockHeld, type DaemonLock } from "./daemon-lock.js";

// The dashboard the daemon serves: its address, and which route set owns it.
export { DASHBOARD_OWNER, dashboardAddress, servesDashboard } from "./dashboard-url.js";
