import { AoError } from "../errors.js";
import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** A commander as the store keeps it: never its token, only the token's sha256. */
export interface Commander {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
  readonly revokedAt: number | null;
}

interface CommanderRow {
  id: number;
  name: string;
  token_sha256: string;
  created_at: number;
  revoked_at: number | null;
}

function toCommander(row: CommanderRow): Commander {
  return { id: row.id, name: row.name, createdAt: row.created_at, revokedAt: row.revoked_at };
}

/** Records a commander under a name no live commander has, with its `control.commander_created` event. */
export function insertCommander(tx: WriteTx, name: string, tokenSha256: string): Commander {
  if (liveCommanderNamed(tx, name) !== undefined)
    throw new AoError("E_EXISTS", `a commander named ${name} exists`, {
      hint: `pick another name, or \`ao mcp revoke ${name}\` first`,
      details: { commander: name },
    });
  const row = statement(
    tx,
    "INSERT INTO commanders (name, token_sha256, created_at) VALUES (?, ?, ?) RETURNING *",
  ).get(name, tokenSha256, tx.clock.now()) as CommanderRow;
  const commander = toCommander(row);
  appendEvent(tx, {
    type: "control.commander_created",
    sessionId: null,
    payload: { commanderId: commander.id, commander: commander.name },
  });
  return commander;
}

/** The live commander whose token hashes to this; a revoked one is nobody. */
export function commanderByToken(store: Store, tokenSha256: string): Commander | undefined {
  const row = statement(store, "SELECT * FROM commanders WHERE token_sha256 = ? AND revoked_at IS NULL").get(
    tokenSha256,
  ) as CommanderRow | undefined;
  return row === undefined ? undefined : toCommander(row);
}

export function liveCommanderNamed(store: Store, name: string): Commander | undefined {
  const row = statement(store, "SELECT * FROM commanders WHERE name = ? AND revoked_at IS NULL").get(name) as
    CommanderRow | undefined;
  return row === undefined ? undefined : toCommander(row);
}

export function getCommander(store: Store, id: number): Commander | undefined {
  const row = statement(store, "SELECT * FROM commanders WHERE id = ?").get(id) as CommanderRow | undefined;
  return row === undefined ? undefined : toCommander(row);
}

/** Every commander, revoked ones too (`ao mcp tokens`), oldest first. */
export function listCommanders(store: Store): Commander[] {
  const rows = statement(store, "SELECT * FROM commanders ORDER BY id").all() as CommanderRow[];
  return rows.map(toCommander);
}

/** Ends a commander's token, with its event; its open workers stay running, out of anyone's reach. */
export function revokeCommander(tx: WriteTx, commander: Commander): Commander {
  const open = statement(
    tx,
    "SELECT count(*) AS n FROM workers WHERE commander_id = ? AND closed_at IS NULL",
  ).get(commander.id) as { n: number };
  statement(tx, "UPDATE commanders SET revoked_at = ? WHERE id = ?").run(tx.clock.now(), commander.id);
  appendEvent(tx, {
    type: "control.commander_revoked",
    sessionId: null,
    payload: { commanderId: commander.id, commander: commander.name, openWorkers: open.n },
  });
  return getCommander(tx, commander.id) ?? commander;
}
