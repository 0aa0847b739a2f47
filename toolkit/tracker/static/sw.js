// The tracker's service worker (served as /sw.js; browsers run it in secure contexts only:
// localhost, HTTPS). It keeps the page's own files so a phone opens the tracker without the
// server and can install it: static files cache-first, pages network-first with the last copy
// seen as the fallback. Writes (POST) and the live events always go to the network; offline
// writes wait in the page's own queue (domekit.js), which also works where this never runs.
"use strict";
var CACHE = "domekit-v1";
var ASSETS = [
  "/static/domekit.css",
  "/static/domekit.js",
  "/static/odds.css",
  "/static/odds.js",
  "/static/icon.svg",
  "/static/vendor/htmx-2.0.11.min.js",
  "/static/vendor/htmx-ext-sse-2.2.4.min.js",
  "/static/vendor/idiomorph-ext-0.8.0.min.js"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (url.pathname.endsWith("/events") || url.pathname.endsWith(".json") ||
      url.pathname.indexOf("/export") >= 0 || url.pathname.endsWith("/odds")) { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        var copy = response.clone();
        if (response.ok) { caches.open(CACHE).then(function (c) { c.put(request, copy); }); }
        return response;
      });
    }));
    return;
  }
  if (request.mode === "navigate" || (request.headers.get("accept") || "").indexOf("text/html") >= 0) {
    var key = url.origin + url.pathname;  // the page, whatever ?done= it was opened with
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (c) { c.put(key, copy); });
      }
      return response;
    }, function () {
      return caches.match(key).then(function (hit) {
        return hit || new Response("<!doctype html><title>Offline</title><p>The tracker cannot be reached and this page was not opened here before.</p>",
          { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
    }));
  }
});
