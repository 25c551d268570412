import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename } from "node:path";

/** One published version: its package.json fields and the `npm pack` tarball npm downloads. */
export interface PublishedVersion {
  readonly manifest: { name: string; version: string; description?: string; keywords?: string[] } & Record<
    string,
    unknown
  >;
  readonly tarball: string;
}

export interface FakeRegistry {
  /** With a trailing slash, as npm_config_registry. */
  readonly url: string;
  /** Every request's method and URL path with query, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * The npm registry at its network boundary, on loopback: the package documents (`GET /<name>`,
 * full or abbreviated, with `dist.tarball`, `integrity` and `shasum` as npm checks them), the
 * tarballs, and `GET /-/v1/search?text=…&size=…` in the registry's shape (`objects[].package`,
 * `score`, `total`), where `keywords:<word>` in the text keeps packages with that keyword and the
 * other words must each appear in a package's name, description or keywords.
 */
export async function startFakeRegistry(versions: readonly PublishedVersion[]): Promise<FakeRegistry> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? "GET"} ${req.url ?? "/"}`);
    answer(req, res, versions, origin());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin()}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  versions: readonly PublishedVersion[],
  origin: string,
) {
  const url = new URL(req.url ?? "/", origin);
  if (url.pathname === "/-/v1/search") return json(res, 200, search(versions, url.searchParams));
  if (url.pathname.startsWith("/-/tarballs/")) {
    const file = versions.find((v) => basename(v.tarball) === basename(url.pathname));
    if (file === undefined) return json(res, 404, { error: "not found" });
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(readFileSync(file.tarball));
    return;
  }
  const name = decodeURIComponent(url.pathname.slice(1));
  const own = versions.filter((v) => v.manifest.name === name);
  if (own.length === 0) return json(res, 404, { error: "Not found" });
  json(res, 200, packument(name, own, origin));
}

function packument(name: string, own: readonly PublishedVersion[], origin: string) {
  const entries = own.map(({ manifest, tarball }) => {
    const bytes = readFileSync(tarball);
    const integrity = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
    const shasum = createHash("sha1").update(bytes).digest("hex");
    const dist = { tarball: `${origin}/-/tarballs/${basename(tarball)}`, integrity, shasum };
    return [manifest.version, { ...manifest, _id: `${name}@${manifest.version}`, dist }] as const;
  });
  const latest = entries[entries.length - 1]?.[0] ?? "0.0.0";
  return {
    _id: name,
    name,
    "dist-tags": { latest },
    versions: Object.fromEntries(entries),
    modified: "2026-12-01T00:00:00.000Z",
  };
}

function search(versions: readonly PublishedVersion[], params: URLSearchParams) {
  const words = (params.get("text") ?? "").split(/\s+/).filter(Boolean);
  const keywords = words.filter((w) => w.startsWith("keywords:")).map((w) => w.slice("keywords:".length));
  const plain = words.filter((w) => !w.startsWith("keywords:")).map((w) => w.toLowerCase());
  const latest = new Map(versions.map((v) => [v.manifest.name, v.manifest]));
  const found = [...latest.values()].filter((m) => {
    const own = m.keywords ?? [];
    const text = [m.name, m.description ?? "", ...own].join(" ").toLowerCase();
    return keywords.every((k) => own.includes(k)) && plain.every((w) => text.includes(w));
  });
  const size = Number(params.get("size") ?? "20");
  const objects = found.slice(0, size).map((m) => ({
    package: {
      name: m.name,
      version: m.version,
      description: m.description ?? "",
      keywords: m.keywords ?? [],
      date: "2026-12-01T00:00:00.000Z",
      links: { npm: `https://www.npmjs.com/package/${m.name}` },
      publisher: { username: "someone", email: "someone@example.com" },
    },
    score: { final: 0.5, detail: { quality: 0.5, popularity: 0.5, maintenance: 0.5 } },
    searchScore: 1,
  }));
  return { objects, total: found.length, time: "Wed Dec 02 2026 06:00:00 GMT+0000" };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
