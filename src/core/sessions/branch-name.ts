/**
 * Branch names for sessions. A tracker's own branch name wins (GitHub's "create a branch" and Linear's
 * `gitBranchName` are what reviewers expect to see); otherwise a readable slug of the task. Every name
 * returned here passes `git check-ref-format --branch` (property-tested against real git).
 */
export interface BranchNameInput {
  /** The branch name the tracker suggests for the issue; untrusted, sanitized before use. */
  trackerBranch?: string | undefined;
  /** The tracker's issue id (`123`, `#123`, `ENG-42`). */
  issueId?: string | undefined;
  /** The issue title or the free-text task. */
  title?: string | undefined;
  sessionId: string;
}

/** Slug-made names stay short enough to read in `git branch` and a PR list. */
export const MAX_SLUG_BRANCH_LENGTH = 60;
/** Tracker names are kept as given, but a ref component must fit a file name (255 bytes). */
export const MAX_TRACKER_BRANCH_BYTES = 200;
const MAX_ISSUE_SLUG_LENGTH = 24;

export function branchNameFor(input: BranchNameInput): string {
  if (input.trackerBranch !== undefined) {
    const fromTracker = sanitizeBranchName(input.trackerBranch);
    if (fromTracker !== undefined) return fromTracker;
  }
  const title = slugify(input.title ?? "");
  const issue = slugify(input.issueId ?? "")
    .slice(0, MAX_ISSUE_SLUG_LENGTH)
    .replace(/-+$/, "");
  if (issue !== "") return appendSlug(`feat/${issue}`, title);
  return appendSlug("ao", title || slugify(input.sessionId) || "session", "/");
}

/**
 * Lower-case ASCII words joined by `-`: accents are folded (`Café` → `cafe`), anything else that is
 * not a letter or digit separates words. The result only ever contains `[a-z0-9-]`, so it is a valid
 * ref component by construction.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** `<prefix><separator><slug>` cut to MAX_SLUG_BRANCH_LENGTH at a word boundary when there is one. */
function appendSlug(prefix: string, slug: string, separator = "-"): string {
  if (slug === "") return prefix;
  const room = MAX_SLUG_BRANCH_LENGTH - prefix.length - separator.length;
  if (room <= 0) return prefix;
  let cut = slug.slice(0, room);
  if (slug.length > room) {
    const lastBreak = cut.lastIndexOf("-");
    if (lastBreak >= room / 2) cut = cut.slice(0, lastBreak);
  }
  cut = cut.replace(/-+$/, "");
  return cut === "" ? prefix : `${prefix}${separator}${cut}`;
}

/**
 * Repairs a branch name that came from outside (a tracker, a person) with as few changes as possible:
 * case and non-ASCII letters are kept, characters git forbids become `-`, and the rules of
 * git-check-ref-format(1) are applied until nothing changes. Returns undefined when nothing usable
 * is left (empty, `HEAD`, `@`).
 */
export function sanitizeBranchName(name: string): string | undefined {
  let current = name.replace(/^refs\/heads\//, "");
  for (;;) {
    const next = truncateBytes(repairOnce(current), MAX_TRACKER_BRANCH_BYTES);
    if (next === current) break;
    current = next;
  }
  return current === "" || current === "HEAD" || current === "@" ? undefined : current;
}

function repairOnce(name: string): string {
  const cleaned = name
    // Lone UTF-16 surrogates cannot be encoded; with the u flag a valid pair never matches.
    .replace(/[\uD800-\uDFFF]/gu, "")
    .replace(/[\p{Cc}\s~^:?*[\\]+/gu, "-")
    .replace(/@\{/g, "-")
    .replace(/\.{2,}/g, ".");
  const components = cleaned
    .split("/")
    .map((component) => component.replace(/^\.+/, "").replace(/(\.lock)+$/, ""))
    .filter((component) => component !== "");
  return components.join("/").replace(/^-+/, "").replace(/\.+$/, "");
}

/** Cuts at a code-point boundary so the UTF-8 encoding fits `maxBytes`. */
function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char, "utf8");
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}
