import type { AoContext } from "../context.js";
import { git } from "../git.js";
import { parseRemoteUrl, remoteRepositoryName, type RemoteLocation } from "./parse-remote-url.js";

/**
 * What `origin` is. `present` without a `location` is a remote ao cannot map to a hosted
 * repository (a local path, a file:// URL); init then suggests the local tracker and SCM.
 * The raw URL is not kept: it may carry credentials.
 */
export interface OriginInfo {
  readonly present: boolean;
  readonly location: RemoteLocation | undefined;
  /** The repository's name in the URL, also for a local path or file:// remote (the project id). */
  readonly name?: string | undefined;
}

export async function detectOrigin(ctx: Pick<AoContext, "exec">, root: string): Promise<OriginInfo> {
  const result = await git(ctx, root, ["remote", "get-url", "origin"], { reject: false });
  const url = result.stdout.trim();
  if (result.failed || url === "") return { present: false, location: undefined };
  return { present: true, location: parseRemoteUrl(url), name: remoteRepositoryName(url) };
}
