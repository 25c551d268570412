/**
 * A project id from a directory name: lower case letters, digits and single dashes, starting with
 * a letter or digit (`My Widgets_v2` → `my-widgets-v2`). Ids appear in session ids, branch names
 * and paths, so nothing else is allowed.
 */
export function slugifyProjectId(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "project" : slug;
}

export const PROJECT_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
