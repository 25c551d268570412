import { AoError } from "../errors.js";
import { fromJsonColumn, toJsonColumn } from "../store/json-column.js";
import { statement, writeTransaction, type Store } from "../store/store.js";
import { parseProposal } from "./parse-proposal.js";
import type { Proposal } from "./types.js";

/**
 * A saved plan template (`ao plan playbook save|ls`, the `run_playbook` tool): a proposal whose
 * strings may hold `{{name}}` placeholders, filled when it is instantiated.
 */
export interface Playbook {
  readonly name: string;
  readonly description: string | null;
  readonly proposal: Proposal;
  readonly createdAt: number;
  readonly updatedAt: number;
}

interface PlaybookRow {
  name: string;
  description: string | null;
  proposal: string;
  created_at: number;
  updated_at: number;
}

const toPlaybook = (store: Store, row: PlaybookRow): Playbook => ({
  name: row.name,
  description: row.description,
  proposal: fromJsonColumn(row.proposal, {
    path: store.path,
    table: "plan_playbooks",
    id: row.name,
  }) as Proposal,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const PLAYBOOK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Saves (or replaces) a playbook under its name. */
export function savePlaybook(
  store: Store,
  playbook: { name: string; description?: string | undefined; proposal: Proposal },
): Playbook {
  if (!PLAYBOOK_NAME.test(playbook.name))
    throw new AoError("E_USAGE", `"${playbook.name}" is not a playbook name`, {
      hint: "use letters, digits, '.', '_' and '-' (at most 64), e.g. ship-feature",
    });
  return writeTransaction(store, (tx) => {
    const now = tx.clock.now();
    statement(
      tx,
      `INSERT INTO plan_playbooks (name, description, proposal, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET description = excluded.description, proposal = excluded.proposal, updated_at = excluded.updated_at`,
    ).run(playbook.name, playbook.description ?? null, toJsonColumn(playbook.proposal), now, now);
    return requirePlaybook(tx, playbook.name);
  });
}

export function listPlaybooks(store: Store): Playbook[] {
  const rows = statement(store, "SELECT * FROM plan_playbooks ORDER BY name").all() as PlaybookRow[];
  return rows.map((row) => toPlaybook(store, row));
}

export function requirePlaybook(store: Store, name: string): Playbook {
  const row = statement(store, "SELECT * FROM plan_playbooks WHERE name = ?").get(name) as
    PlaybookRow | undefined;
  if (row !== undefined) return toPlaybook(store, row);
  throw new AoError("E_NOT_FOUND", `no playbook "${name}"`, {
    hint: "ao plan playbook ls lists the playbooks; ao plan playbook save makes one",
    details: { playbook: name },
  });
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

function fill(value: unknown, vars: Readonly<Record<string, string>>, missing: Set<string>): unknown {
  if (typeof value === "string")
    return value.replace(PLACEHOLDER, (whole, name: string) => {
      if (Object.hasOwn(vars, name)) return vars[name]!;
      missing.add(name);
      return whole;
    });
  if (Array.isArray(value)) return value.map((item) => fill(item, vars, missing));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, vars, missing)]));
  return value;
}

/** The playbook's proposal with its placeholders filled (and `goal` replaced when given), validated. */
export function instantiatePlaybook(
  playbook: Playbook,
  input: { goal?: string | undefined; vars?: Readonly<Record<string, string>> | undefined },
): Proposal {
  const missing = new Set<string>();
  const filled = fill(playbook.proposal, input.vars ?? {}, missing) as Proposal;
  if (missing.size > 0)
    throw new AoError(
      "E_USAGE",
      `playbook "${playbook.name}" needs values for ${[...missing].map((name) => `{{${name}}}`).join(", ")}`,
      {
        hint: `give them as vars, e.g. ${[...missing].map((name) => `${name}=…`).join(" ")}`,
        details: { playbook: playbook.name, missing: [...missing] },
      },
    );
  return parseProposal(
    input.goal === undefined ? filled : { ...filled, goal: input.goal },
    `playbook ${playbook.name}`,
  );
}
