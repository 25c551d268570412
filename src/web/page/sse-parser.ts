/**
 * One message of a Server-Sent Events stream: `event:` (default "message"), `id:` (the store's event
 * id on ao's stream) and the joined `data:` lines. A comment (`: keep-alive`) is no message.
 */
export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

/**
 * Why a parser of its own: the page reads the stream with fetch() (not EventSource) so that it can
 * send `Last-Event-ID` itself on every reconnect and tell a 401 from a dropped connection. Feed it
 * chunks as they arrive; it returns the messages they complete and keeps a torn last line.
 */
export class SseParser {
  private buffer = "";
  private event = "";
  private id: string | null = null;
  private data: string[] = [];

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      const newline = this.buffer.startsWith("\r\n", end) ? 2 : 1;
      this.buffer = this.buffer.slice(end + newline);
      const message = this.line(line);
      if (message !== undefined) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const message =
      this.data.length === 0
        ? undefined
        : { event: this.event || "message", id: this.id, data: this.data.join("\n") };
    this.event = "";
    this.data = [];
    return message;
  }
}
