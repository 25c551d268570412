/**
 * One thing `ao doctor --fix` can set right without asking: it touches only what ao itself owns
 * under AO_HOME (its directories, its secret files, files a crashed ao left behind), never a
 * person's repository, config or agent. Without `--fix` doctor lists it as a warning instead.
 */
export interface Repair {
  /** Stable and unique per thing (`mode:<path>`), so a second look can tell a repair held. */
  readonly id: string;
  readonly title: string;
  /** What is wrong, e.g. `/home/me/.agent-orchestrator is readable by others (mode 755)`. */
  readonly problem: string;
  /** What --fix does about it, as the command a person would type (`chmod 700 …`). */
  readonly action: string;
  apply(): Promise<void>;
}

export type RepairStatus = "planned" | "fixed" | "failed";

/** A repair as doctor reports it: planned (no --fix), fixed, or failed with the reason. */
export interface RepairOutcome {
  readonly id: string;
  readonly title: string;
  readonly problem: string;
  readonly action: string;
  readonly status: RepairStatus;
  readonly error?: string | undefined;
}

/** The mode bits ao's private files and directories must not have (group and others). */
export const SHARED_BITS = 0o077;

/** `755` for 0o40755: the permission bits as `ls -l` and `chmod` write them. */
export function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, "0");
}

/** A path quoted for a shell line a person may copy (single quotes, `'` escaped). */
export function shellQuote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
