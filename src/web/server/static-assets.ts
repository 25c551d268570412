import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { HttpRefusal, type RouteRequest } from "../../core/http/index.js";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

const POLICY =
  "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * What every page answer carries: scripts, styles and connections only from the dashboard itself
 * (`default-src 'self'`; images may also be `data:` URLs, for the favicon that shows the worst
 * state), never framed, no referrer, no sniffing of content types.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": POLICY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache",
};

/** Where index.html asks for the nonce of its answer (src/web/page/index.html). */
const NONCE_SLOT = "{{AO_STYLE_NONCE}}";

/**
 * index.html with a fresh nonce in place of NONCE_SLOT, and the policy that admits `<style>`
 * elements carrying it: the live terminal (xterm.js) writes its own stylesheets, which the page
 * stamps with the nonce (src/web/page/terminal/csp-styles.ts). Scripts stay `'self'` only and no
 * style is admitted by `'unsafe-inline'`: injected markup cannot know the nonce.
 */
function pageWithNonce(body: Buffer): { body: Buffer; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString("base64");
  return {
    body: Buffer.from(body.toString("utf8").replaceAll(NONCE_SLOT, nonce)),
    headers: {
      ...PAGE_HEADERS,
      "content-security-policy": `${POLICY}; style-src 'self' 'nonce-${nonce}'`,
    },
  };
}

/**
 * The page's files from the bundle directory (dist/web, built by `npm run build`), whatever is
 * there: `/` is index.html, `/app.js` is app.js, `/assets/x/y.svg` is assets/x/y.svg; a name not
 * in it is a 404, a dotfile too. Only those shapes are page routes, so a GET of an API path that
 * takes POST gets a 405 from the route table, not a page. A
 * missing bundle answers a page that says how to build it, not a blank screen.
 */
export function staticAssetsHandler(dir: string) {
  const root = resolve(dir);
  return async (request: RouteRequest): Promise<undefined> => {
    const { file: top, path: nested } = request.params;
    const name = top ?? (nested === undefined ? "index.html" : `assets/${nested}`);
    const file = resolve(join(root, name));
    // The route table already refuses `..` segments; this holds even if it did not.
    if (!file.startsWith(root + sep) || name.split("/").some((part) => part.startsWith(".")))
      throw new HttpRefusal(404, `no file ${name}`);
    const type = CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
    const read = await readFile(file).catch(() => undefined);
    const { response } = request.raw;
    if (read !== undefined) {
      const { body, headers } =
        name === "index.html" ? pageWithNonce(read) : { body: read, headers: PAGE_HEADERS };
      response.writeHead(200, { ...headers, "content-type": type, "content-length": body.length });
      response.end(body);
    } else if (name === "index.html") {
      const page = missingBundlePage(root);
      response.writeHead(503, { ...PAGE_HEADERS, "content-type": CONTENT_TYPES[".html"]! });
      response.end(page);
    } else throw new HttpRefusal(404, `no file ${name}`);
    return undefined;
  };
}

function missingBundlePage(root: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>ao: dashboard not built</title></head>',
    "<body><h1>The dashboard page is not built</h1>",
    `<p>ao serves it from <code>${escapeHtml(root)}</code>, which has no <code>index.html</code>.</p>`,
    "<p>Build it with <code>npm run build</code> in ao's checkout, then reload this page.</p>",
    "<p>The API and the event stream work meanwhile.</p></body></html>",
    "",
  ].join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
