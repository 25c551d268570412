/** One numbered schema step. `version` is what `PRAGMA user_version` holds once it has run. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
