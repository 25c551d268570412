/**
 * The plugins of stored sessions: the registry and the options their project's configuration gives
 * them (a broken configuration costs only the options), for every command that acts on sessions
 * already running, and the stored handle of a session's runtime (runtime-handle.ts). Below sessions,
 * turns, cost and lifecycle, which all reach a session's plugins.
 */
export {
  loadConfigIfAny,
  pluginsForSessions,
  sessionPluginOptions,
  type SessionPluginNames,
  type SessionPluginOptions,
  type SessionPlugins,
} from "./session-plugins.js";
