/**
 * What Slack's incoming webhook accepts, checked the way Slack would refuse it (400 invalid_blocks):
 * a string `text`, and blocks of known types whose text objects are within Slack's limits.
 */
export function slackShapeProblem(raw: string): string | undefined {
  const payload = JSON.parse(raw) as { text?: unknown; blocks?: unknown };
  if (typeof payload.text !== "string" || payload.text === "") return "invalid_payload: text";
  if (!Array.isArray(payload.blocks) || payload.blocks.length === 0) return "invalid_blocks: none";
  for (const block of payload.blocks as Record<string, unknown>[]) {
    const texts = block["type"] === "context" ? (block["elements"] as unknown[]) : [block["text"]];
    const limit = block["type"] === "header" ? 150 : 3000;
    if (!["header", "section", "context"].includes(String(block["type"]))) return "invalid_blocks: type";
    for (const text of texts as { type?: unknown; text?: unknown }[]) {
      if (text.type !== "plain_text" && text.type !== "mrkdwn") return "invalid_blocks: text type";
      if (block["type"] === "header" && text.type !== "plain_text") return "invalid_blocks: header";
      if (typeof text.text !== "string" || text.text === "" || [...text.text].length > limit)
        return "invalid_blocks: text";
    }
  }
  return undefined;
}

/** The readable texts of a Slack payload, in block order. */
export function slackTexts(raw: string): string[] {
  const payload = JSON.parse(raw) as { blocks: { text?: { text: string }; elements?: { text: string }[] }[] };
  return payload.blocks.flatMap((block) =>
    block.elements ? block.elements.map((element) => element.text) : [block.text?.text ?? ""],
  );
}
