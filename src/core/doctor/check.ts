import type { ConfigIssue } from "../config/config-issues.js";
import type { CheckStatus } from "../registry/plugin-capabilities.js";

export type { CheckStatus } from "../registry/plugin-capabilities.js";

/**
 * One line of `ao doctor`. `fail` makes doctor exit 1; `warn` is worth knowing but does not stop
 * anything. A check that is not ok says how to fix it in `fix`, as a command where there is one.
 */
export interface DoctorCheck {
  readonly id: string;
  readonly title: string;
  readonly status: CheckStatus;
  readonly detail: string;
  readonly fix?: string | undefined;
  /** Where the configuration asks for what a plugin's check is about (its key path, and position when written). */
  readonly source?: CheckSource | undefined;
  /** Options a plugin's schema rejected, each at its file:line:column (`ao config validate` fails on them). */
  readonly issues?: readonly ConfigIssue[] | undefined;
}

export interface CheckSource {
  readonly keyPath: string;
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
}

export interface DoctorSummary {
  readonly ok: number;
  readonly warn: number;
  readonly fail: number;
}

export function summarizeChecks(checks: readonly DoctorCheck[]): DoctorSummary {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  return { ok: count("ok"), warn: count("warn"), fail: count("fail") };
}

/** Facts about the running machine that core must not read from `process` itself (tests vary them). */
export interface DoctorHost {
  readonly nodeVersion: string;
  readonly platform: string;
}

/** The package-manager command that installs a system tool core needs (git) on this platform. */
export function installCommand(host: Pick<DoctorHost, "platform">, pkg: string): string {
  return host.platform === "darwin" ? `brew install ${pkg}` : `sudo apt-get install -y ${pkg}`;
}
