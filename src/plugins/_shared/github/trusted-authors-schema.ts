import { z } from "zod";
import {
  AUTHOR_ASSOCIATIONS,
  DEFAULT_TRUSTED_ASSOCIATIONS,
  type AuthorAssociation,
} from "./trusted-authors.js";

const association = z.enum(AUTHOR_ASSOCIATIONS, {
  error: (issue) =>
    `unknown author association ${JSON.stringify(issue.input)}: expected one of ${AUTHOR_ASSOCIATIONS.join(", ")}`,
});

/**
 * The `trustedAuthors` option shared by scm/github and tracker/github (see trusted-authors.ts).
 * Built by a function so a plugin whose schema is lazy pays for it only when options are validated.
 */
export function trustedAuthorsSchema() {
  return z
    .strictObject({
      associations: z
        .array(association)
        .default(() => [...DEFAULT_TRUSTED_ASSOCIATIONS])
        .meta({
          description:
            "Author associations whose comments reach the agent; replaces the default OWNER, MEMBER, COLLABORATOR.",
        }),
      logins: z
        .array(
          z
            .string()
            .regex(/^[\w.-]+(\[bot\])?$/, { error: "expected a GitHub login, e.g. coderabbitai[bot]" }),
        )
        .default(() => [])
        .meta({ description: "Logins trusted whatever their association, e.g. coderabbitai[bot]." }),
    })
    .default(() => ({ associations: [...DEFAULT_TRUSTED_ASSOCIATIONS] as AuthorAssociation[], logins: [] }))
    .meta({
      description:
        "Whose review threads and issue comments are forwarded to the agent (anyone can comment on a public repository).",
    });
}
