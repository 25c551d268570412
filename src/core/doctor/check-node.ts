import type { DoctorCheck } from "./check.js";

/** The oldest Node.js ao supports (package.json engines); older ones lack APIs ao uses. */
export const MINIMUM_NODE = "20.19.0";

export function checkNode(version: string, minimum = MINIMUM_NODE): DoctorCheck {
  const base = { id: "node", title: "Node.js" };
  if (compareVersions(version, minimum) >= 0) {
    return { ...base, status: "ok", detail: `${version} (needs >= ${minimum})` };
  }
  return {
    ...base,
    status: "fail",
    detail: `${version} is older than ${minimum}`,
    fix: "install Node.js 20.19 or newer, e.g. `nvm install 22`",
  };
}

/** Numeric comparison of dotted versions (`20.9.0` < `20.19.0`); a leading `v` is ignored. */
export function compareVersions(left: string, right: string): number {
  const parts = (version: string) =>
    version
      .replace(/^v/, "")
      .split(/[.-]/)
      .slice(0, 3)
      .map((part) => Number.parseInt(part, 10) || 0);
  const a = parts(left);
  const b = parts(right);
  for (let i = 0; i < 3; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
