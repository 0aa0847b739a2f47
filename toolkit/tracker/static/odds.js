// Live odds on the attack forms: a form marked data-odds="<base>/odds" gets its chart redrawn
// (from .../odds?format=html, read-only) as the player changes it. Without this file the odds
// are on the check page.
(function () {
  "use strict";
  if (window.domekitOdds) { return; }
  window.domekitOdds = true;
  var timers = new WeakMap(), asked = new WeakMap();

  function slotOf(form) { return form.querySelector("[data-odds-slot]"); }

  function query(form) {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") { params.append(name, value); }
    });
    params.set("format", "html");
    return params.toString();
  }

  async function update(form) {
    var slot = slotOf(form);
    if (!slot) { return; }
    var q = query(form);
    if (asked.get(form) === q) { return; }
    asked.set(form, q);
    try {
      var response = await fetch(form.getAttribute("data-odds") + "?" + q, {
        headers: { "Accept": "text/html" }, cache: "no-store"
      });
      var html = await response.text();
      if (asked.get(form) !== q) { return; }  // the form changed again: a newer answer comes
      slot.innerHTML = html;  // rendered and escaped by the server's template
      slot.setAttribute("data-state", response.ok ? "ok" : "error");
    } catch (error) {
      asked.delete(form);
      slot.setAttribute("data-state", "error");
      slot.innerHTML = '<p class="odds-error">The odds could not be fetched.</p>';
    }
  }

  function later(form) {
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () { update(form); }, 200));
  }

  ["input", "change"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var form = event.target.closest && event.target.closest("form[data-odds]");
      if (form) { later(form); }
    });
  });

  // First draw, and again when the live refresh swaps a page's forms for fresh ones.
  function scan() {
    document.querySelectorAll("form[data-odds]").forEach(function (form) {
      var slot = slotOf(form);
      if (slot && !slot.hasAttribute("data-state")) { update(form); }
    });
  }
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  // Someone else's action changed the match while this player types (the live refresh keeps
  // their form): the same form's odds may have changed too (Vitae, decks, HP).
  new MutationObserver(function () {
    document.querySelectorAll("form[data-odds]").forEach(function (form) {
      asked.delete(form);
      later(form);
    });
  }).observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
})();
