// The page's service worker (rule M-5), registered only by the page served on the network (`serve
// --listen`, over HTTPS): it keeps a copy of the last Today this browser was shown, so a phone away from
// home can still read its day, and says how old the copy is. It never holds a write: a POST passes it by,
// and fails when Charflow does not answer, as it would without a worker.
//
// What it keeps, in one cache: the page itself (`/`), the build's files (`/v/VERSION/NAME`, which never
// change once served), and the four reads Today is drawn from. Each read goes to Charflow first; only
// when Charflow does not answer at all does the copy answer, marked with `Charflow-Copy-Of` (when it was
// kept, in milliseconds since 1970) so the page can say so. A refusal of the sign-in (401, 403) empties
// the cache: a revoked browser keeps nothing.

const CACHE = "charflow-today";
// Today's reads: the redraw's four (router.mjs) and nothing else of the API.
const READS = new Set(["/api/changes", "/api/today", "/api/dates", "/api/categories?all=1"]);
const KEPT_AT = "Charflow-Kept-At";
const COPY_OF = "Charflow-Copy-Of";

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

// The worker takes charge of the open page at once, so its next reads are kept without a reload.
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// The page tells the worker its build's files once it is in charge (offline.mjs): they are fetched
// into the cache, so the copy opens even when the page never asked for them through the worker.
self.addEventListener("message", (event) => {
  const files = event.data && Array.isArray(event.data.files) ? event.data.files : [];
  event.waitUntil(keepFiles(files.filter((path) => typeof path === "string" && path.startsWith("/v/"))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/" && !url.searchParams.has("code")) {
    event.respondWith(fromCharflowFirst(request, "/"));
  } else if (READS.has(url.pathname + url.search)) {
    event.respondWith(fromCharflowFirst(request, url.pathname + url.search));
  } else if (url.pathname.startsWith("/v/")) {
    event.respondWith(buildFile(request, url.pathname));
  }
});

// Charflow's answer when it answers (kept when it is a 200, the cache emptied when the sign-in is
// refused); the kept copy, marked, when it does not; no answer when there is neither.
async function fromCharflowFirst(request, key) {
  let answer;
  try {
    answer = await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key);
    if (!kept) throw offline;
    const headers = plainHeaders(kept.headers);
    headers.set(COPY_OF, kept.headers.get(KEPT_AT) || "0");
    return new Response(await kept.blob(), { status: 200, headers });
  }
  if (answer.status === 401 || answer.status === 403) {
    await caches.delete(CACHE);
  } else if (answer.status === 200) {
    const cache = await caches.open(CACHE);
    const headers = plainHeaders(answer.headers);
    headers.set(KEPT_AT, String(Date.now()));
    const body = await answer.clone().blob();
    await cache.put(key, new Response(body, { status: 200, headers }));
    if (key === "/") await dropOtherBuilds(cache, await body.text());
  }
  return answer;
}

// An answer's headers for a body already decoded: its length and encoding were the wire's.
function plainHeaders(given) {
  const headers = new Headers(given);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return headers;
}

// A build's file: the kept one when there is one (its address changes with its content), else fetched
// and kept.
async function buildFile(request, path) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(path);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.status === 200) await cache.put(path, answer.clone());
  return answer;
}

async function keepFiles(paths) {
  const cache = await caches.open(CACHE);
  for (const path of paths) {
    if (await cache.match(path)) continue;
    try {
      const answer = await fetch(path);
      if (answer.status === 200) await cache.put(path, answer);
    } catch (offline) {
      return;
    }
  }
}

// Once a new page is kept, the files of builds it no longer names go.
async function dropOtherBuilds(cache, page) {
  const named = new Set(page.match(/\/v\/[^"'\s]+/g) || []);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/v/") && !named.has(path)) await cache.delete(request);
  }
}
