import { fromJsonColumn, toJsonColumn } from "./json-column.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** What a three-way merge of a pair's heads found: textual conflicts, the same files touched, or neither. */
export type ConflictKind = "conflict" | "overlap" | "clean";

/** One conflicting region of a file, as lines of the merge result (1-based, markers included). */
export interface ConflictHunk {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  /** How many lines each side wrote there: the left (earlier) session's and the right one's. */
  readonly leftLines: number;
  readonly rightLines: number;
}

/**
 * One radar pair (migration 011): `left` the earlier session, `right` the later one, or null for
 * the project's default branch (`rightBranch` names it). Heads are the SHAs it was checked at.
 */
export interface ConflictPair {
  readonly project: string;
  readonly left: string;
  readonly right: string | null;
  readonly leftBranch: string;
  readonly rightBranch: string;
  readonly leftSha: string;
  readonly rightSha: string;
  readonly kind: ConflictKind;
  /** The conflicting files (conflict), or those both sides changed (overlap); sorted. */
  readonly files: readonly string[];
  readonly hunks: readonly ConflictHunk[];
  /** When the pair entered its kind (ms since the epoch). */
  readonly since: number;
  readonly checkedAt: number;
}

interface ConflictPairRow {
  project: string;
  left_id: string;
  right_id: string;
  left_branch: string;
  right_branch: string;
  left_sha: string;
  right_sha: string;
  kind: ConflictKind;
  files: string;
  hunks: string;
  since: number;
  checked_at: number;
}

/** The stored pairs, of one project or all; `kinds` keeps only those (e.g. conflict and overlap). */
export function listConflictPairs(
  store: Store,
  options: { project?: string | undefined; kinds?: readonly ConflictKind[] } = {},
): ConflictPair[] {
  const rows = (
    options.project === undefined
      ? statement(store, "SELECT * FROM conflict_pairs ORDER BY project, left_id, right_id").all()
      : statement(store, "SELECT * FROM conflict_pairs WHERE project = ? ORDER BY left_id, right_id").all(
          options.project,
        )
  ) as ConflictPairRow[];
  const pairs = rows.map((row) => toPair(store, row));
  return options.kinds === undefined ? pairs : pairs.filter((pair) => options.kinds!.includes(pair.kind));
}

/** Writes a pair as checked now, replacing what was stored for the same two sides. */
export function putConflictPair(tx: WriteTx, pair: ConflictPair): void {
  statement(
    tx,
    `INSERT OR REPLACE INTO conflict_pairs (project, left_id, right_id, left_branch, right_branch,
       left_sha, right_sha, kind, files, hunks, since, checked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    pair.project,
    pair.left,
    pair.right ?? "",
    pair.leftBranch,
    pair.rightBranch,
    pair.leftSha,
    pair.rightSha,
    pair.kind,
    toJsonColumn(pair.files),
    toJsonColumn(pair.hunks),
    pair.since,
    pair.checkedAt,
  );
}

/** Forgets a pair (one of its sessions ended, or lost its branch). */
export function deleteConflictPair(
  tx: WriteTx,
  pair: Pick<ConflictPair, "project" | "left" | "right">,
): void {
  statement(tx, "DELETE FROM conflict_pairs WHERE project = ? AND left_id = ? AND right_id = ?").run(
    pair.project,
    pair.left,
    pair.right ?? "",
  );
}

function toPair(store: Store, row: ConflictPairRow): ConflictPair {
  const where = { path: store.path, table: "conflict_pairs", id: `${row.left_id}/${row.right_id}` };
  return {
    project: row.project,
    left: row.left_id,
    right: row.right_id === "" ? null : row.right_id,
    leftBranch: row.left_branch,
    rightBranch: row.right_branch,
    leftSha: row.left_sha,
    rightSha: row.right_sha,
    kind: row.kind,
    files: fromJsonColumn(row.files, where) as string[],
    hunks: fromJsonColumn(row.hunks, where) as ConflictHunk[],
    since: row.since,
    checkedAt: row.checked_at,
  };
}
