import { request, type IncomingHttpHeaders } from "node:http";

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface RawHttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface RequestOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A request with full control of the headers (fetch would not let a test forge Host). */
export async function httpRequest(
  port: number,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpAnswer> {
  const answer = await httpRequestRaw(port, method, path, options);
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
}

/** The same, with the answer's headers and its text unparsed. */
export function httpRequestRaw(
  port: number,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<RawHttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
