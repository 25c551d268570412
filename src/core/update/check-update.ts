import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import { getRegistryJson, packagePath, registryUrl } from "../npm/registry.js";
import type { AoInstall } from "./install-kind.js";
import { compareVersions } from "./semver.js";

/** What `ao update --check` reports: where ao is, what is newer, and the command that updates it. */
export interface UpdateCheck {
  readonly kind: AoInstall["kind"];
  readonly root: string;
  readonly name: string;
  /** npm: versions. git: short commits of HEAD and of its upstream branch. */
  readonly current: string;
  readonly latest: string;
  readonly outdated: boolean;
  /** git: commits the upstream has that HEAD lacks, and the other way round. */
  readonly behind?: number | undefined;
  readonly ahead?: number | undefined;
  readonly upstream?: string | undefined;
  readonly command: string;
}

type UpdateContext = Pick<AoContext, "exec" | "env">;

/** Asks the npm registry (an npm install) or the checkout's upstream (a git checkout); changes nothing local but `git fetch`. */
export async function checkForUpdate(ctx: UpdateContext, install: AoInstall): Promise<UpdateCheck> {
  return install.kind === "git" ? checkCheckout(ctx, install) : checkRegistry(ctx, install);
}

async function checkRegistry(ctx: UpdateContext, install: AoInstall): Promise<UpdateCheck> {
  const url = `${registryUrl(ctx.env)}${packagePath(install.name)}`;
  // The abbreviated document npm install itself reads: dist-tags and versions, no readmes.
  const document = await getRegistryJson(url, "E_REGISTRY_FAILED", "application/vnd.npm.install-v1+json");
  const latest = (document as { "dist-tags"?: { latest?: unknown } })["dist-tags"]?.latest;
  if (typeof latest !== "string") {
    throw new AoError(
      "E_UPDATE_FAILED",
      `the npm registry's document for ${install.name} has no latest version`,
      {
        hint: `look at ${url}`,
      },
    );
  }
  const outdated = compareVersions(latest, install.version) > 0;
  const prefix = install.prefix === undefined ? "" : ` --prefix ${install.prefix}`;
  return {
    kind: install.kind,
    root: install.root,
    name: install.name,
    current: install.version,
    latest,
    outdated,
    command: `npm install -g${prefix} ${install.name}@${latest}`,
  };
}

async function checkCheckout(ctx: UpdateContext, install: AoInstall): Promise<UpdateCheck> {
  const at = install.root;
  const upstream = await git(ctx, at, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"], {
    reject: false,
  });
  if (upstream.failed) {
    throw new AoError("E_UPDATE_FAILED", `the checkout at ${at} has no upstream branch to update from`, {
      hint: `git -C ${at} branch --set-upstream-to origin/main`,
    });
  }
  const fetched = await git(ctx, at, ["fetch", "--quiet"], { reject: false, timeoutMs: 120_000 });
  if (fetched.failed) {
    throw new AoError("E_UPDATE_FAILED", `git fetch in ${at} failed: ${fetched.stderr.trim()}`, {
      hint: "check the network and the remote (git remote -v)",
    });
  }
  const count = async (range: string) =>
    Number.parseInt((await git(ctx, at, ["rev-list", "--count", range])).stdout.trim(), 10);
  const short = async (rev: string) => (await git(ctx, at, ["rev-parse", "--short", rev])).stdout.trim();
  const [behind, ahead, current, latest] = await Promise.all([
    count("HEAD..@{u}"),
    count("@{u}..HEAD"),
    short("HEAD"),
    short("@{u}"),
  ]);
  const common = { kind: install.kind, root: at, name: install.name, current, latest, behind, ahead };
  return { ...common, upstream: upstream.stdout.trim(), outdated: behind > 0, command: "ao update" };
}
