// sayso web page. Plain JS, no libraries, nothing from the network but this server's API.
//
// Safety rule for this file: article content (text, titles, outlets, speakers, quotes) only ever
// reaches the page through textContent / createTextNode / attribute properties, never an HTML parser,
// so an article containing <script> or <img onerror=...> is shown as the text it is.
"use strict";

(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const N_COLOURS = 12;
  const state = { comparison: null, byQuote: new Map(), names: new Map(), quotes: new Map() };

  // --- small DOM helpers -----------------------------------------------------------------------
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  const clear = (node) => { while (node.firstChild) node.removeChild(node.firstChild); return node; };
  // append() would print a missing optional part as the text "null"; skip those instead.
  const put = (node, ...kids) => { node.append(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false)); return node; };

  function setStatus(id, message, isError) {
    const node = document.getElementById(id);
    node.textContent = message || "";
    node.classList.toggle("error", Boolean(isError));
  }

  // --- API ---------------------------------------------------------------------------------------
  async function api(method, url, body, withToken) {
    const headers = { "Accept": "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const tokenInput = $("#token");
    if (withToken && tokenInput && tokenInput.value) headers["Authorization"] = "Bearer " + tokenInput.value;
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      const err = (data && data.error) || { code: "E" + response.status, message: response.statusText };
      const where = err.field ? " (" + err.field + ")" : "";
      throw new Error("[" + err.code + "] " + err.message + where);
    }
    return data;
  }
  const query = (params) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) q.set(k, v);
    return q.toString();
  };

  const plural = (n, one, many) => n.toLocaleString("en") + " " + (n === 1 ? one : many || one + "s");

  // A quote as a reader sees it: the server's ``display`` (sayso/web/display.py, the rule of the
  // CLI tables), never marks placed here. Wrapping ``content`` in marks put a mixed quote's
  // narration inside them ("“that the board “exudes …,” meaning …”"): a mixed quote's content
  // already has its own marks around the quoted words, and indirect speech has none. Without
  // ``display`` only a direct quote gets marks, so reported words are never shown as quoted.
  const shown = (q) => (typeof q.display === "string" ? q.display
    : q.kind === "direct" ? "\u201c" + q.content + "\u201d" : String(q.content || ""));

  // --- article drafts --------------------------------------------------------------------------------
  function renumber() {
    document.querySelectorAll("#drafts .draft").forEach((d, i) => {
      $("legend", d).textContent = "Article " + (i + 1) + (d.dataset.kind === "html" ? " (HTML)" : "");
    });
  }

  function addDraft(fields) {
    const frag = $("#draft-template").content.cloneNode(true);
    const draft = $(".draft", frag);
    const f = fields || {};
    draft.dataset.kind = f.kind || "text";
    $(".f-title", draft).value = f.title || "";
    $(".f-outlet", draft).value = f.outlet || "";
    $(".f-text", draft).value = f.body || "";
    $(".remove", draft).addEventListener("click", () => { draft.remove(); renumber(); });
    $(".f-text", draft).addEventListener("input", () => { if (!$(".f-text", draft).value) draft.dataset.kind = "text"; renumber(); });
    $("#drafts").append(draft);
    renumber();
    return draft;
  }

  function readDrafts() {
    const out = [];
    for (const d of document.querySelectorAll("#drafts .draft")) {
      const body = $(".f-text", d).value;
      if (!body.trim()) continue;
      const item = {};
      item[d.dataset.kind === "html" ? "html" : "text"] = body;
      const title = $(".f-title", d).value.trim();
      const outlet = $(".f-outlet", d).value.trim();
      const published = $(".f-published", d).value;
      if (title) item.title = title;
      if (outlet) item.outlet = outlet;
      if (published) item.published = published;
      out.push(item);
    }
    return out;
  }

  async function upload(files) {
    // Fill empty drafts first, then add new ones: uploading two files gives two articles.
    const empties = [...document.querySelectorAll("#drafts .draft")].filter((d) => !$(".f-text", d).value.trim());
    for (const file of files) {
      const body = await file.text();
      const isHtml = /\.html?$/i.test(file.name) || file.type === "text/html";
      const fields = { body, kind: isHtml ? "html" : "text", title: isHtml ? "" : file.name.replace(/\.[^.]*$/, "") };
      const d = empties.shift();
      if (d) {
        d.dataset.kind = fields.kind;
        $(".f-text", d).value = body;
        if (!$(".f-title", d).value) $(".f-title", d).value = fields.title;
      } else {
        addDraft(fields);
      }
    }
    renumber();
  }

  // --- colours: one per speaker, the same speaker the same colour in every column ---------------------------
  function palette() {
    const map = new Map();
    return (name) => {
      const key = (name || "unknown").toLowerCase();
      if (!map.has(key)) map.set(key, map.size % N_COLOURS);
      return "sp-" + map.get(key);
    };
  }

  // --- one article with its quotes highlighted -----------------------------------------------------------
  function pieces(article) {
    // Every content span of every quote, in text order; overlapping spans (quotes within quotes)
    // keep the outer one so no character is drawn twice.
    const spans = [];
    for (const q of article.quotes || []) {
      for (const [start, end] of q.content_spans || []) spans.push({ start, end, quote: q });
    }
    spans.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept = [];
    let last = 0;
    for (const s of spans) {
      if (s.start < last || s.end <= s.start) continue;
      kept.push(s);
      last = s.end;
    }
    return kept;
  }

  // In a comparison, groups and occurrences name speakers by cross-article id ("S1"); the
  // comparison's speaker list gives the name.
  const speakerName = (id) => (id ? state.names.get(id) || id : null);

  function speakerOf(article, quote) {
    const group = state.byQuote.get(article.doc + "\u0000" + quote.id);
    const occ = group && group.occurrences.find((o) => o.doc === article.doc && o.quote_id === quote.id);
    return speakerName(occ && occ.speaker) || quote.speaker || quote.source || "unattributed";
  }

  // The label of a group: its linked speaker, else what its first quote says (as in the columns).
  function groupSpeaker(g) {
    const first = g.occurrences[0];
    const quote = first && state.quotes.get(first.doc + "\u0000" + first.quote_id);
    return speakerName(g.speaker) || (quote && speakerOf({ doc: first.doc }, quote)) || "unattributed";
  }

  function hoverText(article, quote) {
    const conf = typeof quote.confidence === "number" ? quote.confidence.toFixed(2) : "?";
    return "Speaker: " + speakerOf(article, quote) + "\nCue: " + (quote.cue || "none") +
      "\nConfidence: " + conf + " (" + quote.kind + ")";
  }

  function renderArticle(article, colourOf) {
    const body = el("div", { class: "body" });
    const text = article.text || "";
    let pos = 0;
    for (const s of pieces(article)) {
      if (s.start > pos) body.append(document.createTextNode(text.slice(pos, s.start)));
      const q = s.quote;
      const mark = el("mark", {
        class: "q " + colourOf(speakerOf(article, q)) + (q.confidence < 0.5 ? " low" : ""),
        title: hoverText(article, q),
        tabindex: "0",
        dataset: { doc: article.doc, quote: q.id },
        text: text.slice(s.start, s.end),
      });
      mark.addEventListener("click", () => selectQuote(article, q));
      mark.addEventListener("keydown", (e) => { if (e.key === "Enter") selectQuote(article, q); });
      body.append(mark);
      pos = s.end;
    }
    if (pos < text.length) body.append(document.createTextNode(text.slice(pos)));
    const byline = [article.outlet, article.published, article.url].filter(Boolean).join(" · ");
    const count = (article.quotes || []).length;
    return el("article", { class: "article card", dataset: { doc: article.doc } },
      el("h2", { text: article.title || article.doc }),
      el("div", { class: "byline", text: (byline ? byline + " · " : "") + count + (count === 1 ? " quote" : " quotes") }),
      (article.warnings || []).length ? el("div", { class: "warnings", text: article.warnings.join("; ") }) : null,
      count ? null : el("p", { class: "none", text: "No quotations found in this article." }),
      body);
  }

  function legend(articles, colourOf) {
    const names = new Set();
    for (const a of articles) for (const q of a.quotes || []) names.add(speakerOf(a, q));
    return el("div", { class: "legend", "aria-label": "Speakers" },
      [...names].map((n) => el("span", { class: "chip " + colourOf(n), text: n })));
  }

  // --- the selected quote: details, counterparts, diff ----------------------------------------------------
  function outletOf(doc) {
    const a = ((state.comparison && state.comparison.articles) || []).find((x) => x.doc === doc);
    return (a && (a.outlet || a.title)) || doc;
  }

  function closeDetail() {
    const panel = document.getElementById("detail");
    if (panel) panel.remove();
    highlightSelection();
  }

  function selectQuote(article, quote) {
    const group = state.byQuote.get(article.doc + "\u0000" + quote.id);
    highlightSelection(article.doc, quote.id, group);
    const panel = clear(document.getElementById("detail") || document.body.appendChild(el("div", { id: "detail" })));
    panel.className = "detail card";
    const conf = typeof quote.confidence === "number" ? quote.confidence.toFixed(2) : "?";
    panel.append(el("dl", {},
      el("dt", { text: "Quote" }), el("dd", { class: "quote-text kind-" + quote.kind, text: shown(quote) }),
      el("dt", { text: "Speaker" }), el("dd", { text: speakerOf(article, quote) }),
      el("dt", { text: "Source" }), el("dd", { text: quote.source || "—" }),
      el("dt", { text: "Cue" }), el("dd", { text: quote.cue || "—" }),
      el("dt", { text: "Confidence" }), el("dd", { text: conf + " · " + quote.kind }),
      group ? el("dt", { text: "Across outlets" }) : null,
      group ? el("dd", {}, el("span", { class: "rel rel-" + group.relation, text: group.relation.replace("_", " ") })) : null));
    if (group) put(panel, renderOccurrences(group, article.doc, quote.id), renderEvidence(group), renderDiff(group));
    const closer = el("button", { type: "button", text: "Close", onclick: closeDetail });
    panel.append(closer);
  }

  function highlightSelection(doc, quoteId, group) {
    for (const m of document.querySelectorAll("mark.q.selected, mark.q.related")) m.classList.remove("selected", "related");
    for (const g of document.querySelectorAll(".group.selected")) g.classList.remove("selected");
    if (!doc) return;
    const related = new Set((group ? group.occurrences : []).map((o) => o.doc + "\u0000" + o.quote_id));
    for (const m of document.querySelectorAll("mark.q")) {
      const key = m.dataset.doc + "\u0000" + m.dataset.quote;
      if (m.dataset.doc === doc && m.dataset.quote === quoteId) m.classList.add("selected");
      else if (related.has(key)) m.classList.add("related");
    }
    if (group) {
      const card = document.querySelector('.group[data-group="' + CSS.escape(group.id) + '"]');
      if (card) card.classList.add("selected");
    }
  }

  function occurrenceSpeaker(o) {
    const q = state.quotes.get(o.doc + "\u0000" + o.quote_id);
    if (!o.speaker && o.claimed_speaker) return "speaker unknown (this outlet says " + (speakerName(o.claimed_speaker) || o.claimed_speaker) + ")";
    return speakerName(o.speaker) || (q && (q.speaker || q.source)) || "unattributed";
  }

  // Every rendering says its kind and its relation to the reference; its text is ``shown``, so
  // indirect speech is never inside quotation marks and a mixed quote's narration never is.
  function renderOccurrences(group, skipDoc, skipQuote) {
    return el("div", {}, group.occurrences
      .filter((o) => !(o.doc === skipDoc && o.quote_id === skipQuote))
      .map((o) => el("blockquote", { class: "occ kind-" + (o.kind || "direct") },
        el("div", { class: "who", text: outletOf(o.doc) + " — " + occurrenceSpeaker(o) +
          " · " + (o.kind || "direct") + (o.relation ? " · " + String(o.relation).replace("_", " ") : "") +
          (o.reference ? " (reference)" : "") }),
        el("div", { class: "occ-text", text: shown(o) }))));
  }

  function renderEvidence(group) {
    if (!group.evidence || !group.evidence.length) return null;
    const conf = typeof group.confidence === "number" ? " (confidence " + group.confidence.toFixed(2) + ")" : "";
    return el("div", { class: "diff evidence" },
      el("strong", { text: "Attributed to different people" + conf + ": " }),
      group.evidence.map((e) => el("span", { class: "change",
        text: outletOf(e.doc) + ": \u201c" + (e.source || "?") + "\u201d = " + (speakerName(e.speaker) || e.speaker || "?") + "; " })));
  }

  function words(list) { return (list || []).join(" "); }

  function renderDiff(group) {
    // One entry per pair of outlets: b's rendering against the fuller one (a), word by word.
    const rows = (group.diff || []).map((d) => {
      if (!d || typeof d !== "object") return el("div", { text: String(d) });
      const changes = (d.changes || []).map((c) => el("span", { class: "change" },
        c.a ? el("del", { title: outletOf(d.a), text: c.a }) : null,
        c.a && c.b ? " → " : null,
        c.b ? el("ins", { title: outletOf(d.b), text: c.b }) : null, "; "));
      return el("div", {},
        el("strong", { text: outletOf(d.b) + " vs " + outletOf(d.a) + " (" + String(d.relation || group.relation).replace("_", " ") +
          (d.wording && d.wording !== d.relation ? ", words " + d.wording : "") + "): " }),
        changes.length ? changes : "same words",
        d.only_a && d.only_a.length ? el("span", { class: "hit-meta", text: " only in " + outletOf(d.a) + ": " + words(d.only_a) + "." } ) : null);
    });
    return rows.length ? el("div", { class: "diff" }, rows) : null;
  }

  // --- comparison view -------------------------------------------------------------------------------------
  function indexGroups(comparison) {
    state.comparison = comparison;
    state.byQuote = new Map();
    state.names = new Map(((comparison && comparison.speakers) || []).map((s) => [s.id, s.name]));
    state.quotes = new Map();
    for (const a of (comparison && comparison.articles) || []) {
      for (const q of a.quotes || []) state.quotes.set(a.doc + "\u0000" + q.id, q);
    }
    for (const g of (comparison && comparison.groups) || []) {
      for (const o of g.occurrences) state.byQuote.set(o.doc + "\u0000" + o.quote_id, g);
    }
  }

  function summaryTable(comparison) {
    const relations = ["verbatim", "punctuation", "partial", "altered", "misattributed", "single_source"];
    const counts = new Map(comparison.articles.map((a) => [a.doc, Object.fromEntries(relations.map((r) => [r, 0]))]));
    for (const g of comparison.groups) for (const o of g.occurrences) {
      const row = counts.get(o.doc);
      if (row && g.relation in row) row[g.relation] += 1;
    }
    return el("div", { class: "table-wrap" }, el("table", { class: "summary" },
      el("thead", {}, el("tr", {}, el("th", { text: "Outlet" }), relations.map((r) => el("th", { text: r.replace("_", " ") })))),
      el("tbody", {}, comparison.articles.map((a) => el("tr", {},
        el("td", { text: a.outlet || a.title || a.doc }),
        relations.map((r) => el("td", { text: counts.get(a.doc)[r] })))))));
  }

  function renderGroups(comparison, colourOf) {
    return el("ol", { class: "groups" }, comparison.groups.map((g) => {
      const first = g.occurrences[0];
      const li = el("li", { class: "group card", dataset: { group: g.id }, tabindex: "0" },
        el("div", { class: "head" },
          el("span", { class: "rel rel-" + g.relation, text: g.relation.replace("_", " ") }),
          el("span", { class: "chip " + colourOf(groupSpeaker(g)), text: groupSpeaker(g) }),
          el("span", { class: "hit-meta", text: g.occurrences.length + (g.occurrences.length === 1 ? " outlet" : " outlets") })),
        renderOccurrences(g, null, null),
        renderEvidence(g),
        renderDiff(g));
      li.addEventListener("click", () => {
        const m = first && document.querySelector('mark.q[data-doc="' + CSS.escape(first.doc) + '"][data-quote="' + CSS.escape(first.quote_id) + '"]');
        highlightSelection(first && first.doc, first && first.quote_id, g);
        if (m) m.scrollIntoView({ block: "nearest", behavior: "smooth" });
      });
      return li;
    }));
  }

  function renderFacts(facts) {
    // Differences first: values only one outlet gives and conflicting values are listed; the
    // facts every outlet shares are folded away. ``differs`` comes from the server
    // (sayso.model.Fact.differs, the rule the HTML report uses too).
    if (!facts || !facts.length) return null;
    const differs = (f) => (typeof f.differs === "boolean" ? f.differs : f.status !== "shared");
    const item = (f) => {
      if (!f || typeof f !== "object") return el("li", { text: String(f) });
      const values = Object.entries(f.values || {}).map(([doc, v]) => outletOf(doc) + ": " + (Array.isArray(v) ? v.join(", ") : String(v)));
      return el("li", {},
        el("span", { class: "rel fact-" + f.status, text: String(f.status || "").replace("_", " ") }), " ",
        el("strong", { text: String(f.kind || "") + (f.key && f.key !== f.kind ? " (" + f.key + ")" : "") }), " — ",
        values.join(" · "));
    };
    const differ = facts.filter(differs);
    const rest = facts.filter((f) => !differs(f));
    return el("section", { class: "facts card" },
      el("h3", { text: "Facts that differ (" + differ.length + ")" }),
      differ.length ? el("ul", { class: "facts-differ" }, differ.map(item))
        : el("p", { class: "none", text: "All outlets give the same facts." }),
      rest.length ? el("details", { class: "facts-rest" },
        el("summary", { text: plural(rest.length, "shared fact") + " (outlets agree)" }),
        el("ul", {}, rest.map(item))) : null);
  }

  async function downloadReport(items, button) {
    // The report is a self-contained HTML file; it is saved, not shown inside this page.
    button.disabled = true;
    try {
      const response = await fetch("/api/compare?format=html", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(items) });
      if (!response.ok) throw new Error("the report could not be made (HTTP " + response.status + ")");
      const url = URL.createObjectURL(await response.blob());
      const link = el("a", { href: url, download: "sayso-comparison.html" });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (err) {
      setStatus("status", err.message, true);
    } finally {
      button.disabled = false;
    }
  }

  async function save(items, button) {
    // Store the articles (POST /api/articles); with SAYSO_TOKEN set the token field is sent.
    button.disabled = true;
    try {
      const r = await api("POST", "/api/articles", items, true);
      const failed = r.failures.length ? ", " + r.failures.length + " failed: " + r.failures[0].message : "";
      setStatus("status", "Saved to the database: " + r.new + " new, " + r.replaced + " replaced, " +
        r.unchanged + " unchanged" + failed + ".", Boolean(r.failures.length));
    } catch (err) {
      setStatus("status", err.message, true);
    } finally {
      button.disabled = false;
    }
  }

  function actions(items, withReport) {
    if (!items) return null;
    const saver = el("button", { type: "button", class: "save", text: "Save to database" });
    saver.addEventListener("click", () => save(items, saver));
    const report = withReport ? el("button", { type: "button", text: "Download HTML report" }) : null;
    if (report) report.addEventListener("click", () => downloadReport(items, report));
    return put(el("div", { class: "row actions" }), saver, report);
  }

  function renderComparison(target, comparison, items) {
    indexGroups(comparison);
    const colourOf = palette();
    const articles = comparison.articles.filter((a) => typeof a.text === "string");
    put(clear(target),
      actions(items, true),
      legend(articles, colourOf),
      el("div", { class: "columns" }, articles.map((a) => renderArticle(a, colourOf))),
      el("h2", { text: "Quotes across outlets (" + comparison.groups.length + ")" }),
      summaryTable(comparison),
      comparison.groups.length ? renderGroups(comparison, colourOf) : el("p", { class: "none", text: "No quotations to compare." }),
      renderFacts(comparison.facts));
  }

  function renderSingle(target, article, items) {
    indexGroups(null);
    const colourOf = palette();
    put(clear(target), actions(items, false), legend([article], colourOf),
      el("div", { class: "columns" }, renderArticle(article, colourOf)));
  }

  // --- analyse tab ---------------------------------------------------------------------------------------------
  async function analyse(event) {
    event.preventDefault();
    const items = readDrafts();
    const button = $("#run");
    if (!items.length) { setStatus("status", "Paste or upload an article first.", true); return; }
    const size = new Blob([JSON.stringify(items)]).size;
    const limit = Number(document.body.dataset.maxBody || 0);
    if (limit && size > limit) {
      setStatus("status", "These articles are " + Math.ceil(size / 1024) + " KB together; the server accepts up to " +
        Math.floor(limit / 1024) + " KB per request. Remove some and try again.", true);
      return;
    }
    button.disabled = true;
    setStatus("status", items.length === 1 ? "Finding quotes…" : "Comparing " + items.length + " articles…");
    try {
      if (items.length === 1) {
        renderSingle($("#results"), await api("POST", "/api/extract", items[0]), items);
      } else {
        renderComparison($("#results"), await api("POST", "/api/compare?with_articles=true", items), items);
      }
      setStatus("status", "Done. Hover a highlighted quote for its speaker, cue and confidence; click it for details.");
    } catch (err) {
      setStatus("status", err.message, true);
    } finally {
      button.disabled = false;
    }
  }

  // --- wiring: the analyse tab here; views.js routes URLs to views ---------------------------------------------------
  window.sayso = { $, el, clear, put, setStatus, api, plural, shown, closeDetail, renderSingle, renderComparison };
  document.addEventListener("DOMContentLoaded", () => {
    $("#add-article").addEventListener("click", () => addDraft());
    $("#upload").addEventListener("change", (e) => { upload([...e.target.files]); e.target.value = ""; });
    $("#analyse-form").addEventListener("submit", analyse);
    addDraft();
    addDraft();
  });
})();
