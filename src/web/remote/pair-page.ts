import type { RouteRequest } from "../../core/http/index.js";
import { PAGE_HEADERS } from "../server/static-assets.js";

/**
 * `GET /pair` and `GET /pair.js`: where a new device enters the code the desk shows (the QR's URL
 * carries it in the fragment, which browsers never send). Plain HTML and a script from the same
 * origin, so the page's CSP (`default-src 'self'`, `form-action 'none'`) holds here too.
 */
export function pairPageHandler(file: "html" | "js") {
  return (request: RouteRequest): undefined => {
    const [body, type] =
      file === "html" ? [PAIR_HTML, "text/html; charset=utf-8"] : [PAIR_JS, "text/javascript; charset=utf-8"];
    request.raw.response.writeHead(200, {
      ...PAGE_HEADERS,
      "content-type": type,
      "content-length": Buffer.byteLength(body),
    });
    request.raw.response.end(body);
    return undefined;
  };
}

const PAIR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Pair this device · ao</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Pair this device with ao</h1>
<p>On the desk, run <code>ao dashboard pair</code> and type the code it shows.</p>
<form id="pair">
<p><label for="code">Pairing code</label><br><input id="code" name="code" autocomplete="off" autocapitalize="characters" required></p>
<p><label for="name">Device name</label><br><input id="name" name="name" maxlength="80" placeholder="my phone"></p>
<p><button type="submit">Pair this device</button></p>
</form>
<p id="status" role="status" aria-live="polite"></p>
<script src="/pair.js"></script>
</body></html>
`;

const PAIR_JS = `"use strict";
(function () {
  var match = /[#&]code=([^&]*)/.exec(location.hash);
  history.replaceState(null, "", location.pathname);
  var code = document.getElementById("code");
  var name = document.getElementById("name");
  var status = document.getElementById("status");
  if (match) code.value = decodeURIComponent(match[1]);
  document.getElementById("pair").addEventListener("submit", function (event) {
    event.preventDefault();
    status.textContent = "Pairing…";
    fetch("/api/pair", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: code.value, name: name.value }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok) {
            status.textContent = "Paired as " + body.device.name + ". Opening the dashboard…";
            location.replace("/");
          } else status.textContent = body.error || "Pairing failed (" + response.status + ")";
        });
      })
      .catch(function () {
        status.textContent = "The dashboard did not answer.";
      });
  });
})();
`;
