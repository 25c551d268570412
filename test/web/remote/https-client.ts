import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request } from "node:https";
import type { TLSSocket } from "node:tls";

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The SHA-256 fingerprint of the certificate the server showed. */
  fingerprint: string;
}

/**
 * A request to the `--listen` server as a device sends it: our own Host unless `headers` says
 * otherwise, the certificate accepted whatever it is (the test compares its fingerprint instead).
 */
export function httpsRequest(
  address: { host: string; port: number },
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: address.host,
        port: address.port,
        method,
        path,
        rejectUnauthorized: false,
        headers: { host: `${address.host}:${address.port}`, ...options.headers },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        const fingerprint = (answer.socket as TLSSocket).getPeerCertificate().fingerprint256;
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            fingerprint,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** An open event stream on the `--listen` server, to see it cut off. */
export function openStream(
  address: { host: string; port: number },
  headers: Record<string, string>,
): Promise<{ status: number; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: address.host,
        port: address.port,
        path: "/events",
        rejectUnauthorized: false,
        headers: { host: `${address.host}:${address.port}`, ...headers },
      },
      (answer: IncomingMessage) => {
        answer.resume();
        const closed = new Promise<void>((done) => answer.once("close", () => done()));
        resolve({ status: answer.statusCode ?? 0, closed });
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Plain HTTP sent to the HTTPS port: resolves with the status if any HTTP answer came back. */
export function plainHttpTo(address: { host: string; port: number }): Promise<number | Error> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: address.host,
        port: address.port,
        path: "/",
        headers: { host: `${address.host}:${address.port}` },
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    outgoing.on("error", (error) => resolve(error));
    outgoing.end();
  });
}
