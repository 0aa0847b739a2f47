// The page layer's script: every page works without it (plain forms, redirects, refusal pages).
// With it:
// - live updates: the server's events (htmx SSE extension) fetch the page again and morph it in
//   place (idiomorph); what the player typed in a form that still applies is kept, a form they
//   were filling that no longer applies is retired with the reason; <body data-version> follows;
// - forms that record (/act, /redo) are sent by fetch: a refusal shows inline on the same form,
//   values kept; while the tracker cannot be reached, or answers 502/503/504 (its database out
//   of reach, its disk full: the note says which), they wait in this phone's storage
//   ("waiting to send: N"), across reloads, and are sent with their client action id when it is
//   back (applied once); a check (/preview) made while the tracker cannot be reached offers to
//   send the action without it;
// - the seat confirm, the service worker (secure contexts only), the screen wake lock.
(function () {
  "use strict";
  var body = document.body;
  var base = body.getAttribute("data-base") || "";
  var livePage = body.hasAttribute("data-live-page");
  var QUEUE = "domekit:queue:" + base;
  var RESERVED = { client_action_id: 1, version: 1, next: 1, for_seat: 1 };
  var dirty = new WeakSet();  // fields the player changed since the server drew them
  var lastNews = "";
  var reachable = true;

  // -- small helpers ---------------------------------------------------------------------------
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text) { node.textContent = text; }
    return node;
  }
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function byName(form, name) {
    return Array.prototype.filter.call(form.elements, function (f) { return f.name === name; });
  }
  // A form's identity: its action, its id (two forms may post the same hidden fields) and its
  // hidden fields (what the page sets: whose turn, which team).
  function formKey(form) {
    var parts = [form.getAttribute("action") || "", form.id || ""];
    each(form.querySelectorAll("input[type=hidden]"), function (f) {
      if (f.name && !RESERVED[f.name]) { parts.push(f.name + "=" + f.value); }
    });
    return parts.join("&");
  }
  function findForm(key) {
    var found = null;
    each(document.querySelectorAll("#page main form"), function (form) {
      if (!found && !form.closest("dk-note") && formKey(form) === key) { found = form; }
    });
    return found;
  }
  // A form's fields as the server reads a posted form: a name given twice becomes a list.
  function fieldsOf(form, submitter) {
    var out = {};
    function add(name, value) {
      if (!name || typeof value !== "string") { return; }
      if (Object.prototype.hasOwnProperty.call(out, name)) { out[name] = [].concat(out[name], value); }
      else { out[name] = value; }
    }
    new FormData(form).forEach(function (value, name) { add(name, value); });
    if (submitter && submitter.name) { add(submitter.name, submitter.value); }
    return out;
  }
  function target(form, submitter) {
    return (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action");
  }
  function labelOf(form, submitter) {
    var button = submitter || form.querySelector("button");
    return ((button && button.textContent) || form.getAttribute("action") || "").trim();
  }
  function valuesOf(form, name) {
    var out = [];
    byName(form, name).forEach(function (f) {
      if (f.type === "checkbox" || f.type === "radio") { if (f.checked) { out.push(f.value); } }
      else if (f.tagName === "SELECT") { each(f.selectedOptions, function (o) { out.push(o.value); }); }
      else { out.push(f.value); }
    });
    return out;
  }
  // What the player typed put back into a form: hidden fields are the page's own (whose turn,
  // which team), never the player's, so the page's current values stay.
  function fill(form, name, values) {
    if (RESERVED[name]) { return; }
    values = [].concat(values);
    var index = 0;
    byName(form, name).forEach(function (f) {
      if (f.type === "hidden") { return; }
      if (f.type === "checkbox" || f.type === "radio") { f.checked = values.indexOf(f.value) >= 0; }
      else if (f.tagName === "SELECT") {
        each(f.options, function (o) { o.selected = values.indexOf(o.value) >= 0; });
      } else if (f.type !== "file" && f.tagName !== "BUTTON") {
        if (index < values.length) { f.value = values[index]; }
        index += 1;
      } else { return; }
      dirty.add(f);
    });
  }
  function forget(form) { each(form.elements, function (f) { dirty.delete(f); }); }
  function isDirty(form) {
    return Array.prototype.some.call(form.elements, function (f) { return dirty.has(f); });
  }

  ["input", "change"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var f = event.target;
      if (f && f.form && f.name && !RESERVED[f.name]) { dirty.add(f); }
    }, true);
  });

  // -- notes: refusals, checks, retired forms (a <dk-note>, which the morph keeps) -------------
  function noteIn(form, cls, role) {
    clearNote(form);
    var note = el("dk-note", cls);
    note.setAttribute("role", role || "alert");
    form.insertBefore(note, form.firstChild);
    return note;
  }
  function clearNote(form) { each(form.querySelectorAll("dk-note"), function (n) { n.remove(); }); }
  // A refusal or a question belongs to the match as it was answered (data-at: its version):
  // once the page shows a later version, the state it refused has moved on and the note goes
  // (what the player typed stays in the form).
  function stamp(note, version) {
    if (version !== undefined && version !== null && version !== "") { note.setAttribute("data-at", String(version)); }
  }
  function dropPassed() {
    var now = Number(body.getAttribute("data-version") || "0");
    each(document.querySelectorAll("dk-note[data-at]"), function (n) {
      if (Number(n.getAttribute("data-at")) < now) { n.remove(); }
    });
  }
  // A queued action's "waiting to send" note, wherever its form is now.
  function dropQueued(id) {
    each(document.querySelectorAll("dk-note.queued"), function (n) {
      if (n.getAttribute("data-client-action-id") === id) { n.remove(); }
    });
  }
  function pageNote(cls, role) {
    var notes = document.getElementById("notes");
    var note = el("dk-note", cls);
    note.setAttribute("role", role || "alert");
    if (notes) { notes.appendChild(note); } else { document.body.prepend(note); }
    return note;
  }
  function dismiss(note) {
    var button = el("button", "secondary", "Dismiss");
    button.type = "button";
    button.addEventListener("click", function () { note.remove(); });
    note.appendChild(button);
  }
  function flash(text) {
    each(document.querySelectorAll("dk-note.flash, #page main > .flash"), function (n) { n.remove(); });
    var note = pageNote("flash", "status");
    note.textContent = "Recorded: " + text;
  }
  function refusalText(reply) {
    var b = reply.body || {};
    var text = b.message || ("the tracker answered " + reply.status);
    return { text: text, rule: b.rule || "" };
  }
  function showRefusal(note, reply, label) {
    var why = refusalText(reply);
    var b = reply.body || {};
    note.appendChild(el("strong", "", "Not recorded" + (label ? ": " + label : "")));
    if (b.error === "stale" && b.duplicate) {
      note.appendChild(el("p", "", "Already recorded by " + (b.duplicate.actor || "someone") + " at " +
        new Date(b.duplicate.created * 1000).toLocaleTimeString() + ": #" + b.duplicate.seq + " " + b.duplicate.text + "."));
      note.appendChild(el("p", "muted", "Another phone entered the same thing since your page was loaded, so yours was not recorded: nothing is counted twice."));
      return;
    }
    if (b.error === "stale") {
      note.appendChild(el("p", "", "Someone changed the match while you were looking. Your action was not applied; nothing was overwritten."));
      if (b.since && b.since.length) { note.appendChild(el("p", "", "Since your page was loaded: " + b.since.join("; "))); }
      note.appendChild(el("p", "muted", livePage ? "The page now shows the match as it is: send again to record it against that." : "The match is now at version " + b.version + "."));
      return;
    }
    note.appendChild(el("p", "", why.text));
    if (why.rule && why.text.indexOf(why.rule) < 0) { note.appendChild(el("p", "muted", "Rule: " + why.rule)); }
  }
  function button(note, label, cls, action) {
    var b = el("button", cls, label);
    b.type = "button";
    b.addEventListener("click", action);
    note.appendChild(b);
    return b;
  }

  // -- sending ------------------------------------------------------------------------------------
  function post(entry) {
    return fetch(entry.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(entry.fields),
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (response.status === 502 || response.status === 503 || response.status === 504) {
        // The tracker (or its database) cannot take it now: it waits here; `what` says why.
        return response.json().then(function (b) { return { offline: true, what: (b && b.what) || "" }; },
          function () { return { offline: true }; });
      }
      return response.json().then(function (b) { return { status: response.status, body: b }; },
        function () { return { status: response.status, body: {} }; });
    }, function () { return { offline: true }; });
  }

  // A tap made while this phone's previous action is still on its way waits for its answer and
  // then goes on top of it: against the version it made when nothing else came in between (as
  // the queue does), not refused as stale because of this phone's own action.
  var inFlight = null;

  // A form sent again with other values before the page was drawn afresh (three cards named
  // in three quick taps) is another action: it gets a client action id of its own. The same
  // values again (a double tap) keep the id, so they are applied once.
  var lastSent = new WeakMap();
  function freshId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function ownId(form, fields) {
    var values = {};
    Object.keys(fields).forEach(function (k) { if (!RESERVED[k]) { values[k] = fields[k]; } });
    var said = JSON.stringify(values), before = lastSent.get(form);
    if (before && before.id === fields.client_action_id && before.said !== said) {
      fields.client_action_id = freshId();
      byName(form, "client_action_id").forEach(function (f) { f.value = fields.client_action_id; });
    }
    lastSent.set(form, { id: fields.client_action_id, said: said });
  }

  function send(form, submitter, extra) {
    var fields = fieldsOf(form, submitter);
    Object.keys(extra || {}).forEach(function (k) { fields[k] = extra[k]; });
    ownId(form, fields);
    var entry = {
      url: target(form, submitter), fields: fields, key: formKey(form),
      label: labelOf(form, submitter), at: Date.now()
    };
    clearNote(form);
    form.setAttribute("aria-busy", "true");
    var sent = (inFlight || Promise.resolve(null)).then(function (before) {
      var b = before && before.reply.body;
      if (b && b.ok && before.entry.fields.version === fields.version &&
          b.version === Number(fields.version) + 1) { fields.version = String(b.version); }
      return post(entry);
    }).then(function (reply) {
      form.removeAttribute("aria-busy");
      answered(entry, reply, form);
      return { entry: entry, reply: reply };
    });
    inFlight = sent;
    sent.then(function () { if (inFlight === sent) { inFlight = null; } });
    return sent;
  }

  function answered(entry, reply, form) {
    var id = entry.fields.client_action_id;
    if (reply.offline) {
      reachable = false;
      enqueue(entry);
      if (form && form.isConnected) {
        forget(form);
        var note = noteIn(form, "queued", "status");
        if (typeof id === "string") { note.setAttribute("data-client-action-id", id); }
        note.textContent = "Waiting to send (" + (reply.what || "the tracker cannot be reached") +
          "): it is sent when it is back.";
      }
      return;
    }
    reachable = true;
    if (typeof id === "string") { dropQueued(id); }
    var sent = form && form.isConnected ? form : null;
    form = sent || findForm(entry.key);
    if (reply.body && reply.body.error === "question") { ask(entry, reply.body, form); return; }
    if (reply.status === 200 && reply.body && reply.body.ok) {
      if (sent) { forget(sent); }
      if (form) { clearNote(form); }
      flash(reply.body.said || reply.body.text || entry.label);
      if (livePage) { refresh(); }
      else {
        var next = entry.fields.next;
        location.assign((typeof next === "string" && next.indexOf(base + "/") === 0 ? next : base + "/table") + "?done=" + reply.body.seq);
      }
      return;
    }
    refused(entry, reply, form);
  }

  function refused(entry, reply, form) {
    var b = reply.body || {};
    var note;
    var cls = b.error === "stale" ? "stale" : "refusal";
    if (form) {
      Object.keys(entry.fields).forEach(function (name) { fill(form, name, entry.fields[name]); });
      note = noteIn(form, cls);
    } else {
      note = pageNote(cls);
    }
    stamp(note, b.version);
    showRefusal(note, reply, form ? "" : entry.label);
    function again(extra) {
      var retry = Object.assign({}, entry, { fields: Object.assign({}, entry.fields, extra) });
      note.remove();
      post(retry).then(function (r) { answered(retry, r, form); });
    }
    if (b.error === "seat" && b.seat) {
      button(note, "Yes, record it for " + (b.seat_name || b.seat), "", function () { again({ for_seat: b.seat }); });
    }
    if (b.error === "stale" && b.duplicate) {
      button(note, "Fine, don't record it again", "", function () {
        note.remove();
        if (form) { forget(form); }
        if (!livePage) { location.assign(typeof entry.fields.next === "string" && entry.fields.next.indexOf(base + "/") === 0 ? entry.fields.next : base + "/table"); }
        else { refresh(); }
      }).id = "not-again";
      button(note, "It happened again: record it", "secondary", function () { again({ version: String(b.version) }); });
    } else if (b.error === "stale" && !livePage) {
      button(note, "Record it against version " + b.version, "", function () { again({ version: String(b.version) }); });
    }
    if (!form) { dismiss(note); }
    if (livePage) { refresh(); }
  }

  // A check (/preview) shown inside the form, with the button that records it.
  function check(form, submitter) {
    var fields = fieldsOf(form, submitter);
    var url = target(form, submitter);
    var act = url.replace(/\/preview$/, "/act");
    form.setAttribute("aria-busy", "true");
    post({ url: url, fields: fields }).then(function (reply) {
      form.removeAttribute("aria-busy");
      var note;
      if (reply.offline) {
        note = noteIn(form, "queued");
        note.appendChild(el("p", "", "The tracker cannot be reached, so this cannot be checked now."));
        var anyway = el("button", "secondary", "Record it without the check (sent when it is back)");
        anyway.type = "button";
        anyway.addEventListener("click", function () {
          note.remove();
          // Sent later as a "record it now": a question the rules ask then is asked here.
          var later = Object.assign({}, fields, { ask_first: "1" });
          answered({ url: act, fields: later, key: formKey(form), label: labelOf(form, submitter) }, { offline: true }, form);
        });
        note.appendChild(anyway);
        return;
      }
      if (!(reply.status === 200 && reply.body.ok)) { refused({ url: url, fields: fields, key: formKey(form) }, reply, form); return; }
      showCheck(form, { url: act, fields: fields, key: formKey(form), label: labelOf(form, submitter) }, reply.body, false);
    });
  }

  // What an action would do (a check, or the rules' question about a "record it now"): its text,
  // result and steps, then the rules' first open question (one button an answer) or the button
  // that records it. `entry` is the action to send; `waiting`: the rules asked before recording
  // it (a question answered sends it again, with the answer, and may bring the next question).
  function showCheck(form, entry, answer, waiting) {
    // A question stays until it is answered or dismissed: the action waits for it.
    var note = form ? noteIn(form, "check", waiting ? "alert" : "status") : pageNote("check", "alert");
    if (!form) { note.appendChild(el("strong", "", "Not recorded yet: " + (entry.label || answer.text))); }
    note.appendChild(el("p", "big", answer.text));
    var outcome = answer.outcome || {};
    if (outcome.summary) { note.appendChild(el("p", "", outcome.summary)); }
    if (outcome.steps && outcome.steps.length) {
      var list = el("ol", "steps");
      outcome.steps.forEach(function (s) { list.appendChild(el("li", "", String(s))); });
      note.appendChild(list);
    }
    var row = el("div", "row");
    function record(extra, label) {
      var b = el("button", "", label);
      b.type = "button";
      b.addEventListener("click", function () {
        var sent = Object.assign({}, entry, { fields: Object.assign({}, entry.fields, extra), label: label });
        note.remove();
        post(sent).then(function (r) { answered(sent, r, form); });
      });
      row.appendChild(b);
    }
    var asks = answer.asks || [];
    if (asks.length) {
      note.appendChild(el("p", "", asks[0].question || ""));
      (asks[0].options || []).forEach(function (o) {
        var extra = {}; extra[asks[0].field] = o.value;
        if (o.preview && !waiting && form) {
          var b = el("button", "", o.label);
          b.type = "button";
          b.addEventListener("click", function () {
            fill(form, asks[0].field, o.value);
            var hidden = form.querySelector('input[type=hidden][name="' + asks[0].field + '"]');
            if (!hidden) { hidden = el("input"); hidden.type = "hidden"; hidden.name = asks[0].field; form.appendChild(hidden); }
            hidden.value = o.value;
            check(form, null);
          });
          row.appendChild(b);
        } else { record(extra, o.label); }
      });
    } else { record({}, "Confirm and record"); }
    var change = el("button", "secondary", form ? "Change something" : "Dismiss");
    change.type = "button";
    change.addEventListener("click", function () { note.remove(); });
    row.appendChild(change);
    note.appendChild(row);
  }
  // A "record it now" the rules still have a question about: nothing was recorded; asked here.
  function ask(entry, answer, form) {
    showCheck(form, entry, answer, true);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); return; }
    if ((form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
    if ((form.getAttribute("enctype") || "").indexOf("multipart") === 0) { return; }
    var url = target(form, event.submitter) || "";
    var last = url.split("/").pop();
    // A "record it now" (`ask_first`) records at once, or the rules' question (which jail, what
    // is behind) comes back and is asked on the form; sent from the queue, it waits likewise.
    if (last === "act" || last === "redo") { event.preventDefault(); send(form, event.submitter); }
    else if (last === "preview" && (!navigator.onLine || !reachable)) {
      // The check page needs the tracker: while it cannot be reached, check here (or queue).
      event.preventDefault();
      check(form, event.submitter);
    }
    else if (!navigator.onLine || !reachable) {
      event.preventDefault();
      var note = noteIn(form, "queued");
      note.textContent = "The tracker cannot be reached: nothing was sent. Try again when the chip says live.";
    }
  });

  // -- the queue of actions waiting to be sent (this phone's storage, per kit) ------------------
  function queue() {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
  }
  function store(list) {
    try { localStorage.setItem(QUEUE, JSON.stringify(list)); } catch (e) { /* full: kept in memory below */ }
    memory = list;
    showQueue();
  }
  var memory = null;
  function pending() { var q = queue(); return q.length || !memory ? q : memory; }
  function enqueue(entry) {
    var list = pending();
    var id = entry.fields.client_action_id;
    if (!list.some(function (e) { return e.fields.client_action_id === id; })) { list.push(entry); }
    store(list);
    later();
  }
  function showQueue() {
    var chip = document.getElementById("queue-status");
    var n = pending().length;
    if (!chip) { return; }
    chip.hidden = n === 0;
    chip.textContent = "waiting to send: " + n;
    chip.className = "live queue" + (n ? " off" : "");
  }
  var flushing = false, timer = null;
  function later() { if (!timer) { timer = setTimeout(function () { timer = null; flush(); }, 3000); } }
  function flush() {
    var list = pending();
    if (flushing || !list.length) { return; }
    flushing = true;
    var entry = list[0];
    post(entry).then(function (reply) {
      flushing = false;
      if (reply.offline) { reachable = false; later(); return; }
      var rest = pending().filter(function (e) { return e.fields.client_action_id !== entry.fields.client_action_id; });
      // Later entries were made on top of this one by this phone: when nothing else came in
      // between, they go against the version it made.
      if (reply.status === 200 && reply.body.ok && reply.body.version === Number(entry.fields.version) + 1) {
        rest.forEach(function (e) { if (e.fields.version === entry.fields.version) { e.fields.version = String(reply.body.version); } });
      }
      store(rest);
      answered(entry, reply, null);
      flush();
    });
  }
  window.addEventListener("online", flush);
  showQueue();
  if (pending().length) { flush(); }

  // -- live updates -------------------------------------------------------------------------------
  var liveElt = document.getElementById("live");
  function refresh() {
    if (liveElt && window.htmx) { window.htmx.trigger(liveElt, "dk:refresh"); }
  }
  function say(text, cls) {
    var chip = document.getElementById("live-status");
    if (chip) { chip.textContent = text; chip.className = "live " + (cls || ""); }
  }
  function localTimes(root) {
    each(root.querySelectorAll("time[data-ts]"), function (t) {
      t.textContent = new Date(parseFloat(t.getAttribute("data-ts")) * 1000).toLocaleString();
    });
  }
  localTimes(document);

  if (window.Idiomorph && window.Idiomorph.defaults) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    callbacks.beforeAttributeUpdated = function (name, node) {
      if ((name === "value" || name === "checked") && dirty.has(node)) { return false; }
      if (name === "selected" && node.closest && dirty.has(node.closest("select"))) { return false; }
      return true;
    };
    callbacks.beforeNodeMorphed = function (old) {
      return !(old.nodeType === 1 && (old.hasAttribute("data-dk-keep") || old.tagName === "DK-NOTE"));
    };
    callbacks.beforeNodeRemoved = function (old) {
      return !(old.nodeType === 1 && (old.hasAttribute("data-dk-keep") || old.tagName === "DK-NOTE"));
    };
  }

  // The forms being filled in, before a morph; after it, put their values back or retire them.
  var saved = [], held = [];
  function snapshot() {
    saved = [];
    held = [];
    each(document.querySelectorAll("#page main form"), function (form) {
      if (form.closest("dk-note") || !isDirty(form)) { return; }
      var values = {}, key = formKey(form);
      each(form.elements, function (f) {
        if (dirty.has(f) && f.name) { values[f.name] = valuesOf(form, f.name); held.push([f, key]); }
      });
      saved.push({ key: key, values: values, copy: form.cloneNode(true) });
    });
  }
  // A field the morph kept its value for but moved into another form: that form's own value.
  function unheld() {
    held.forEach(function (pair) {
      var f = pair[0];
      if (f.isConnected && f.form && formKey(f.form) === pair[1]) { return; }
      dirty.delete(f);
      if (!f.isConnected) { return; }
      if (f.type === "checkbox" || f.type === "radio") { f.checked = f.defaultChecked; }
      else if (f.tagName === "SELECT") { each(f.options, function (o) { o.selected = o.defaultSelected; }); }
      else if (f.type !== "file") { f.value = f.defaultValue; }
    });
    held = [];
  }
  function restore() {
    unheld();
    saved.forEach(function (s) {
      var form = findForm(s.key);
      if (form) { Object.keys(s.values).forEach(function (name) { fill(form, name, s.values[name]); }); }
      else { retire(s); }
    });
    saved = [];
  }
  function retire(s) {
    var note = pageNote("retired", "status");
    note.appendChild(el("strong", "", "This form no longer applies"));
    note.appendChild(el("p", "", (lastNews ? "The match moved on (" + lastNews + "). " : "The match moved on. ") +
      "What you had typed is below; it was not sent."));
    var copy = s.copy;
    copy.removeAttribute("action");
    copy.removeAttribute("id");
    each(copy.querySelectorAll("[id]"), function (n) { n.removeAttribute("id"); });
    each(copy.querySelectorAll("input, select, textarea, button"), function (f) { f.disabled = true; });
    Object.keys(s.values).forEach(function (name) { fill(copy, name, s.values[name]); });
    note.appendChild(copy);
    dismiss(note);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.requestConfig && event.detail.requestConfig.elt !== liveElt) { return; }
    if (!event.detail.xhr || event.detail.xhr.status !== 200) { event.detail.shouldSwap = false; return; }
    var found = /<body[^>]*\sdata-version="(\d+)"/.exec(event.detail.serverResponse || "");
    event.detail.version = found ? found[1] : null;
    liveElt.setAttribute("data-next-version", found ? found[1] : "");
    snapshot();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.requestConfig && event.detail.requestConfig.elt !== liveElt) { return; }
    restore();
    localTimes(document);
    var version = liveElt.getAttribute("data-next-version");
    if (version) { body.setAttribute("data-version", version); }
    dropPassed();
    showQueue();
  });
  document.addEventListener("htmx:sseOpen", function () {
    say("live", "on");
    reachable = true;
    flush();
  });
  document.addEventListener("htmx:sseError", function () { say("reconnecting…", "off"); reachable = false; });
  document.addEventListener("htmx:sseMessage", function (event) {
    var data = {};
    try { data = JSON.parse(event.detail.data); } catch (e) { return; }
    if (data.kind === "reload") { location.reload(); return; }
    if (data.text) {
      lastNews = "#" + data.seq + " " + data.text;
      var news = document.getElementById("live-news");
      if (news) { news.textContent = lastNews; }
    }
  });

  // "Back" links go back in the history when there is one (their href is the page without JS).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-back]");
    if (link && window.history.length > 1) { event.preventDefault(); window.history.back(); }
  });

  // -- an installed app: the service worker (secure contexts only) and the screen kept awake -----
  if (window.isSecureContext && navigator.serviceWorker) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the page works without */ });
  }
  var lock = null;
  function stayAwake() {
    if (!livePage || !navigator.wakeLock || document.visibilityState !== "visible" || lock) { return; }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      body.setAttribute("data-awake", "yes");
      l.addEventListener("release", function () { lock = null; body.removeAttribute("data-awake"); });
    }, function () { /* refused (battery saver): the page works without */ });
  }
  document.addEventListener("visibilitychange", stayAwake);
  stayAwake();
})();
