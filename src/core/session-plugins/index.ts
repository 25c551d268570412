/**
 * The plugins of stored sessions: the registry and the options their project's configuration gives
 * them (a broken configuration costs only the options), for every command that acts on sessions
 * already running. Below sessions, turns, cost and lifecycle, which all reach a session's plugins.
 */
export {
  loadConfigIfAny,
  pluginsForSessions,
  sessionPluginOptions,
  type SessionPluginNames,
  type SessionPluginOptions,
  type SessionPlugins,
} from "./session-plugins.js";
