// Live refresh (server-sent events) and confirm steps. Every page works without this file.
(function () {
  "use strict";
  var body = document.body;
  var dirty = false;
  document.addEventListener("input", function () { dirty = true; });
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) { event.preventDefault(); }
  });
  // "Back" links go back in the history when there is one (their href is the page without JS).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-back]");
    if (link && window.history.length > 1) { event.preventDefault(); window.history.back(); }
  });
  // Times as the phone's own clock shows them (the page says seconds since 1970 without JS).
  function localTimes(root) {
    root.querySelectorAll("time[data-ts]").forEach(function (t) {
      t.textContent = new Date(parseFloat(t.getAttribute("data-ts")) * 1000).toLocaleString();
    });
  }
  localTimes(document);
  var url = body.getAttribute("data-events");
  if (!url || !window.EventSource) { return; }
  var status = document.getElementById("live-status");
  function say(text, cls) {
    if (status) { status.textContent = text; status.className = "live " + (cls || ""); }
  }
  var source = new EventSource(url);
  var busy = false, again = false;
  source.onopen = function () { say("live", "on"); };
  source.onerror = function () { say("reconnecting…", "off"); };
  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      var here = location.pathname + location.search.replace(/([?&])done=\d+&?/, "$1");
      var response = await fetch(here, { headers: { "Accept": "text/html" }, cache: "no-store" });
      var doc = new DOMParser().parseFromString(await response.text(), "text/html");
      var fresh = doc.querySelector("main");
      var mine = document.querySelector("main");
      if (!fresh || !mine) { return; }
      localTimes(fresh);
      if (!dirty) {
        mine.replaceWith(fresh);
      } else {
        // Someone is typing: keep their forms, refresh only the live parts.
        doc.querySelectorAll("[data-live]").forEach(function (part) {
          var old = part.id && document.getElementById(part.id);
          if (old) { old.replaceWith(part); }
        });
        say("updated: your form keeps its old version", "on");
      }
      var footer = doc.getElementById("footer"), mineFooter = document.getElementById("footer");
      if (footer && mineFooter) { mineFooter.replaceWith(footer); }
      body.setAttribute("data-version", doc.body.getAttribute("data-version") || "");
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }
  source.onmessage = function (event) {
    var data = JSON.parse(event.data);
    if (data.kind === "reload") { location.reload(); return; }
    var news = document.getElementById("live-news");
    if (news) { news.textContent = "#" + data.seq + " " + data.text; }
    refresh();
  };
})();
