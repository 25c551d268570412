/**
 * Orders two semantic versions (`1.2.3`, `1.3.0-rc.1`): negative when `a` is older. Enough for
 * "is the registry's latest newer than mine"; build metadata is ignored, a pre-release sorts before
 * its release, and its identifiers compare numerically when both are numbers.
 */
export function compareVersions(a: string, b: string): number {
  const [coreA = "", preA] = split(a);
  const [coreB = "", preB] = split(b);
  const numbers = (core: string) => core.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const [na, nb] = [numbers(coreA), numbers(coreB)];
  for (let i = 0; i < 3; i += 1) {
    const diff = (na[i] ?? 0) - (nb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (preA === undefined || preB === undefined) return preA === preB ? 0 : preA === undefined ? 1 : -1;
  return comparePrerelease(preA.split("."), preB.split("."));
}

function split(version: string): [string, string | undefined] {
  const bare = version.trim().replace(/^v/, "").split("+")[0] ?? "";
  const dash = bare.indexOf("-");
  return dash === -1 ? [bare, undefined] : [bare.slice(0, dash), bare.slice(dash + 1)];
}

function comparePrerelease(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i], b[i]];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const [nx, ny] = [Number(x), Number(y)];
    const diff = Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}
