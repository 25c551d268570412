import { statement, type Store, type WriteTx } from "./store.js";

/** Small facts about the installation, e.g. the daemon's last poll time. */
export function getMeta(store: Store, key: string): string | undefined {
  const row = statement(store, "SELECT value FROM meta WHERE key = ?").get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function setMeta(tx: WriteTx, key: string, value: string): void {
  statement(
    tx,
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}

export function deleteMeta(tx: WriteTx, key: string): void {
  statement(tx, "DELETE FROM meta WHERE key = ?").run(key);
}
