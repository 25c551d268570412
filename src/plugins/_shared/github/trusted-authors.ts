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
  /** Trusted whatever their association, e.g. `coderabbitai[bot]` (a bot's name ends in `[bot]`); any case. */
  logins: readonly string[];
}

export const DEFAULT_TRUSTED_AUTHORS: TrustedAuthors = {
  associations: DEFAULT_TRUSTED_ASSOCIATIONS,
  logins: [],
};

/** A comment's author as GitHub reports it; `bot` from GraphQL's `__typename` or REST's `type`. */
export interface CommentAuthor {
  login: string;
  bot: boolean;
}

const BOT_SUFFIX = "[bot]";

/**
 * The name people see and configure: a Bot's login with `[bot]`. REST already says
 * `coderabbitai[bot]`; GraphQL says `coderabbitai` with `__typename: "Bot"`.
 */
export function authorName(author: CommentAuthor): string {
  return author.bot && !author.login.endsWith(BOT_SUFFIX) ? `${author.login}${BOT_SUFFIX}` : author.login;
}

/**
 * A decision about one comment's author; an unknown or missing association is never trusted. A
 * configured login names a bot exactly when it ends in `[bot]`: a person named `coderabbitai` is
 * not the app `coderabbitai[bot]`, nor the other way round.
 */
export function isTrustedAuthor(
  trust: TrustedAuthors,
  author: CommentAuthor | undefined,
  association: string | null | undefined,
): boolean {
  if (author !== undefined && trust.logins.some((name) => namesAuthor(name, author))) return true;
  return trust.associations.some((trusted) => trusted === association);
}

function namesAuthor(configured: string, author: CommentAuthor): boolean {
  const name = configured.toLowerCase();
  return name.endsWith(BOT_SUFFIX) === author.bot && name === authorName(author).toLowerCase();
}

/**
 * Who is trusted, for the line that says why comments were left out: "authors with the OWNER,
 * MEMBER or COLLABORATOR association, or coderabbitai[bot]".
 */
export function describeTrust(trust: TrustedAuthors): string {
  const parts = [
    ...(trust.associations.length === 0
      ? []
      : [`authors with the ${orList(trust.associations)} association`]),
    ...(trust.logins.length === 0 ? [] : [orList(trust.logins)]),
  ];
  return parts.length === 0 ? "no one" : parts.join(", or ");
}

function orList(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names.at(-1)!}`;
}
