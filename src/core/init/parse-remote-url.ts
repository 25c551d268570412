/**
 * Where a remote points, without its credentials. Which tracker and scm serve it is for the plugins
 * to say (their `init` capability); `hostKind` is what the chosen scm called the host (`other` when
 * none claimed it), filled in once they have.
 */
export interface RemoteLocation {
  readonly host: string;
  readonly owner: string;
  readonly repo: string;
  readonly hostKind?: string | undefined;
}

/** `git@host:owner/repo.git`: a user part, a host, a colon, a path (and no scheme). */
const SCP_LIKE = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/;

/**
 * Parses scp-like, ssh://, git://, http(s):// remote URLs into host + owner/repo. Local paths,
 * file:// URLs and anything without an owner return undefined. Credentials are never kept.
 */
export function parseRemoteUrl(url: string): RemoteLocation | undefined {
  const located = url.includes("://") ? splitSchemeUrl(url) : splitScpLike(url);
  if (!located) return undefined;
  const segments = located.path
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter((part) => part !== "");
  const repo = segments.pop();
  if (repo === undefined || segments.length === 0) return undefined;
  return { host: located.host.toLowerCase(), owner: segments.join("/"), repo };
}

function splitSchemeUrl(url: string): { host: string; path: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === "file:" || parsed.hostname === "") return undefined;
  return { host: parsed.hostname, path: decodeURIComponent(parsed.pathname) };
}

function splitScpLike(url: string): { host: string; path: string } | undefined {
  const match = SCP_LIKE.exec(url.trim());
  // A one-letter "host" is a Windows drive (C:\repo), not a remote.
  if (!match?.[1] || !match[2] || match[1].length === 1) return undefined;
  return { host: match[1], path: match[2] };
}

/**
 * The repository's name in any remote URL, hosted or not: the last path segment without `.git`
 * (`/srv/git/citty.git`, `file:///x/citty`, `git@host:a/citty.git` are all `citty`). A checkout in
 * a directory of another name (`git clone …/citty.git checkout`) is still named after it.
 */
export function remoteRepositoryName(url: string): string | undefined {
  const path = url.includes("://") ? pathOfSchemeUrl(url) : (SCP_LIKE.exec(url.trim())?.[2] ?? url);
  const last = path
    ?.replace(/[/\\]+$/, "")
    .split(/[/\\]/)
    .pop()
    ?.replace(/\.git$/, "");
  return last === undefined || last === "" || last === "." || last === ".." ? undefined : last;
}

function pathOfSchemeUrl(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
}
