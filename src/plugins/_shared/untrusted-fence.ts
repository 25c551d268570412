/**
 * Issue text reaches an agent inside a Markdown code fence so that nothing in it can pass for ao's
 * own words. A fence is only closed by a run of backticks at least as long as the opening one, so
 * the fence is made longer than any run inside the text.
 */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

/** `text` inside a fence it cannot close, with `label` on the opening line (`untrusted issue body`). */
export function fencedBlock(label: string, text: string): string[] {
  const fence = fenceFor(text);
  return [`${fence} ${label}`, text, fence];
}
