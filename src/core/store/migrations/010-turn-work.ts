import type { Migration } from "./migration.js";

/**
 * What the agent did in a turn (issue 26): the tool calls and plan entries an agent that reports
 * them as data (ACP) sent, kept with the turn as one JSON object `{tools, plan}` (TurnWork) for
 * `ao turns show`. Null for the turns of agents that do not report them, and for every older turn.
 */
export const turnWork: Migration = {
  version: 10,
  name: "turn-work",
  sql: `ALTER TABLE turns ADD COLUMN work TEXT;`,
};
