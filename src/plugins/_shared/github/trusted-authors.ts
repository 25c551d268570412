/**
 * Who may put words in front of an agent. On a public repository anyone can comment on a pull
 * request or an issue, and the agent has a checkout and push rights, so review threads and issue
 * comments reach it only from authors the project trusts: by default those with a say in the
 * repository (OWNER, MEMBER, COLLABORATOR), plus any login the project names (a review bot).
 */

/** GitHub's CommentAuthorAssociation (GraphQL `authorAssociation`, REST `author_association`). */
export const AUTHOR_ASSOCIATIONS = [
  "OWNER",
  "MEMBER",
  "COLLABORATOR",
  "CONTRIBUTOR",
  "FIRST_TIME_CONTRIBUTOR",
  "FIRST_TIMER",
  "MANNEQUIN",
  "NONE",
] as const;

export type AuthorAssociation = (typeof AUTHOR_ASSOCIATIONS)[number];

export const DEFAULT_TRUSTED_ASSOCIATIONS: readonly AuthorAssociation[] = ["OWNER", "MEMBER", "COLLABORATOR"];

/** The `trustedAuthors` option of scm/github and tracker/github, as parsed. */
export interface TrustedAuthors {
  /** Replaces the default list: a project may narrow it (OWNER only) as well as widen it. */
  associations: readonly AuthorAssociation[];
  /** Trusted whatever their association, e.g. `coderabbitai[bot]`; compared case-insensitively. */
  logins: readonly string[];
}

export const DEFAULT_TRUSTED_AUTHORS: TrustedAuthors = {
  associations: DEFAULT_TRUSTED_ASSOCIATIONS,
  logins: [],
};

/** A decision about one comment's author; an unknown or missing association is never trusted. */
export function isTrustedAuthor(
  trust: TrustedAuthors,
  login: string | undefined,
  association: string | null | undefined,
): boolean {
  if (login !== undefined && trust.logins.some((name) => name.toLowerCase() === login.toLowerCase()))
    return true;
  return trust.associations.some((trusted) => trusted === association);
}

/** `OWNER, MEMBER or COLLABORATOR`, for the line that says why comments were left out. */
export function describeTrust(trust: TrustedAuthors): string {
  const names = [...trust.associations, ...trust.logins];
  if (names.length === 0) return "no one";
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names.at(-1)!}`;
}
