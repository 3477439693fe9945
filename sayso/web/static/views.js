// sayso web page: the views and their URLs. Plain JS, no libraries; loaded after app.js, whose
// helpers it uses (window.sayso).
//
// Every view has a URL (PAGE_PATHS in sayso/web/app.py serves the page for each): loading it
// shows the view, links change it with the History API, back and forward work.
//
// Safety rule (as in app.js): article content only reaches the page through textContent and
// attribute properties; charts are server-made SVG shown through <img>, never parsed into the page.
"use strict";

(function () {
  const { $, el, clear, put, setStatus, api, plural, shown, closeDetail, renderSingle, renderComparison } = window.sayso;
  // Every view has a URL (see PAGE_PATHS in sayso/web/app.py, which serves this page for each):
  // loading it shows the view, links update it with the History API, back and forward work.
  const ROOT = (document.body && document.body.dataset.root) || "";
  const PER_PAGE = 50;
  const FILTERS = ["q", "speaker", "outlet", "since", "until", "story", "kind", "relation", "min_confidence", "multi"];

  function showPanel(name, tab) {
    closeDetail();
    for (const t of document.querySelectorAll(".tab")) {
      const active = t.dataset.tab === (tab || name);
      t.classList.toggle("active", active);
      if (active) t.setAttribute("aria-current", "page"); else t.removeAttribute("aria-current");
    }
    for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== "tab-" + name;
  }

  function go(url) {
    history.pushState(null, "", url);
    route();
    window.scrollTo(0, 0);
  }

  // An <a> that works as a link (new tab, copy address) and, clicked plainly, changes view in place.
  function link(href, text, props) {
    const a = el("a", Object.assign({ href: ROOT + href, text }, props || {}));
    a.addEventListener("click", (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      go(ROOT + href);
    });
    return a;
  }
  const download = (href, text) => el("a", { href: ROOT + href, text, download: "", class: "download" });
  const pageOf = (params) => Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
  const limitOf = (params) => Math.min(1000, Math.max(1, parseInt(params.get("limit") || String(PER_PAGE), 10) || PER_PAGE));
  // The API refuses offsets past MAX_OFFSET (sayso/web/app.py). A page that deep ("?page=999999")
  // is past the end of any real list, so it asks at MAX_OFFSET for the total, shows no rows
  // (``beyondReach``) and lets the pager say there is nothing on that page, not an error.
  const MAX_OFFSET = 10000000;
  const offsetOf = (params, limit) => Math.min(MAX_OFFSET, (pageOf(params) - 1) * limit);
  const beyondReach = (params, limit) => (pageOf(params) - 1) * limit > MAX_OFFSET;
  const rowsOf = (params, limit, rows) => (beyondReach(params, limit) ? [] : rows || []);

  // "Quotes 51–100 of 1,234" and First / Previous / page n of m / Next / Last links.
  //
  // A page past the last one (an old bookmark, a hand-edited URL, a list that shrank) says so
  // and links to the last page, instead of "Quotes 49,901–1,145 of 1,145 … page 999 of 23":
  // the URL keeps the page the reader asked for (no silent jump), and no range is ever shown
  // whose start is past its end. Every paged view (search, stories, speakers, one speaker's
  // quotes) goes through here, so they all behave alike.
  function pager(path, params, page, total, limit, noun) {
    const pages = Math.max(1, Math.ceil(total / limit));
    const at = (n) => { const p = new URLSearchParams(params); if (n > 1) p.set("page", n); else p.delete("page"); const s = p.toString(); return path + (s ? "?" + s : ""); };
    if (total && page > pages) {
      return el("nav", { class: "pager past-end", "aria-label": "Pages" },
        el("span", { class: "range", text: "No " + noun.toLowerCase() + " on page " + page.toLocaleString("en") + "; there " +
          (pages === 1 ? "is 1 page" : "are " + plural(pages, "page")) + " (" + total.toLocaleString("en") + " " + noun.toLowerCase() + ")." }),
        pages > 1 ? link(at(1), "\u00ab First", { class: "first" }) : null,
        link(at(pages), (pages > 1 ? "Last page (" + pages.toLocaleString("en") + ")" : "Page 1") + " \u00bb", { class: "last" }));
    }
    const first = total ? (page - 1) * limit + 1 : 0;
    const last = Math.min(total, page * limit);
    const nav = el("nav", { class: "pager", "aria-label": "Pages" },
      el("span", { class: "range", text: total ? noun + " " + first.toLocaleString("en") + "\u2013" + last.toLocaleString("en") + " of " + total.toLocaleString("en") : "No " + noun.toLowerCase() + " found." }));
    if (pages > 1) {
      put(nav,
        page > 1 ? link(at(1), "\u00ab First", { class: "first" }) : null,
        page > 1 ? link(at(page - 1), "\u2039 Previous", { class: "prev", rel: "prev" }) : null,
        el("span", { class: "pos", text: "page " + page + " of " + pages }),
        page < pages ? link(at(page + 1), "Next \u203a", { class: "next", rel: "next" }) : null,
        page < pages ? link(at(pages), "Last \u00bb", { class: "last" }) : null);
    }
    return nav;
  }

  function chart(src, alt, bars) {
    // Charts are SVG drawn by the server (matplotlib); an <img> never runs anything inside them.
    // The width and height give the browser the chart's shape before it loads (sayso/charts.py:
    // 4.8 in wide, 2.8 in high for a timeline, 1.4 in + 0.32 in per bar for outlets), so the page
    // below does not jump when it arrives: a reader (or a test) clicking the pager while charts
    // load clicks what they aimed at. Once loaded, the image's own shape wins (CSS height: auto).
    const size = bars === undefined ? {} : { width: 480, height: bars < 0 ? 280 : 140 + 32 * Math.min(Math.max(bars, 1), 25) };
    return el("figure", { class: "chart card" }, el("img", Object.assign({ src: ROOT + src, alt }, size)));
  }

  const ROUTES = [
    [/^\/?$/, (m, params) => (FILTERS.some((k) => params.has(k)) ? searchView(params) : showPanel("analyse"))],
    [/^\/search\/?$/, (m, params) => searchView(params)],
    [/^\/stories\/?$/, (m, params) => storiesView(params)],
    [/^\/stories\/(.+)$/, (m, params) => storyView(decodeURIComponent(m[1]), params)],
    [/^\/articles\/(.+)$/, (m, params) => articleView(decodeURIComponent(m[1]), params)],
    [/^\/speakers\/?$/, (m, params) => speakersView(params)],
    [/^\/speakers\/(.+)$/, (m, params) => speakerView(decodeURIComponent(m[1]), params)],
  ];

  function route() {
    const path = location.pathname.startsWith(ROOT) ? location.pathname.slice(ROOT.length) : location.pathname;
    const params = new URLSearchParams(location.search);
    for (const [pattern, view] of ROUTES) {
      const m = pattern.exec(path);
      if (m) return view(m, params);
    }
    showPanel("analyse");
    return undefined;
  }

  // --- search view: /search?q=…&speaker=…&kind=…&relation=…&min_confidence=…&multi=1&page=N ----------------
  function searchParams(params) {
    const out = new URLSearchParams();
    for (const k of FILTERS) { const v = params.get(k); if (v) out.set(k, v); }
    return out;
  }

  function fillSearchForm(params) {
    const form = $("#search-form");
    for (const k of FILTERS) {
      const input = form.elements.namedItem(k);
      if (!input) continue;
      if (input.type === "checkbox") input.checked = params.get(k) === "1" || params.get(k) === "true";
      else input.value = params.get(k) || "";
    }
  }

  function submitSearch(event) {
    event.preventDefault();
    const form = new FormData($("#search-form"));
    const params = new URLSearchParams();
    for (const [k, v] of form.entries()) if (String(v).trim()) params.set(k, String(v).trim());
    const s = params.toString();
    go(ROOT + "/search" + (s ? "?" + s : ""));
  }

  // Each search view is numbered: an answer that comes back after a newer search started is
  // dropped, where it had been appended to the newer one's list (a quick search right after
  // opening the tab showed the unfiltered hits among the filtered ones).
  let searchRun = 0;

  async function searchView(params) {
    const run = ++searchRun;
    showPanel("search");
    fillSearchForm(params);
    const filters = searchParams(params);
    const limit = limitOf(params);
    const api_ = new URLSearchParams(filters);
    api_.set("limit", limit);
    api_.set("offset", offsetOf(params, limit));
    const list = clear($("#hits"));
    clear($("#search-pager"));
    clear($("#search-downloads"));
    setStatus("search-status", "Searching…");
    try {
      const data = await api("GET", ROOT + "/api/quotes?" + api_.toString());
      if (run !== searchRun) return;
      for (const hit of rowsOf(params, limit, data.items)) list.append(renderHit(hit));
      list.start = data.offset + 1;
      const keep = new URLSearchParams(filters);
      if (params.get("limit")) keep.set("limit", limit);
      put($("#search-pager"), pager("/search", keep, pageOf(params), data.total, limit, "Quotes"));
      put($("#search-downloads"), "Download: ",
        download("/api/quotes?" + api_.toString() + "&format=csv", "CSV (this page)"), " · ",
        download("/api/quotes?" + api_.toString() + "&format=json", "JSON (this page)"), " · ",
        download("/api/quotes?" + filters.toString() + (filters.toString() ? "&" : "") + "format=csv&all=true", "CSV (all " + data.total.toLocaleString("en") + ")"));
      setStatus("search-status", plural(data.total, "quote") + " found.");
    } catch (err) {
      if (run === searchRun) setStatus("search-status", err.message, true);
    }
  }

  function renderHit(hit) {
    const others = typeof hit.other_outlets === "number" ? hit.other_outlets : null;
    const speaker = hit.speaker || "unattributed";
    const who = hit.entity ? link("/speakers/" + encodeURIComponent(hit.entity), speaker, { class: "speaker-link" })
      : hit.speaker ? link("/search?speaker=" + encodeURIComponent(hit.speaker), speaker, { class: "speaker-link" }) : speaker;
    const meta = [hit.outlet, hit.published].filter(Boolean).join(" · ");
    return el("li", { class: "hit" },
      // The kind is said in the line below; the text is the server's ``display`` (see ``shown``).
      el("div", { class: "hit-quote kind-" + hit.kind, text: shown(hit) }),
      el("div", { class: "hit-meta" }, who, meta ? " · " + meta : null, " · " + hit.kind,
        hit.relation ? el("span", { class: "rel rel-" + hit.relation, text: hit.relation.replace("_", " ") }) : null,
        others !== null ? " " + others + (others === 1 ? " other outlet" : " other outlets") : null),
      el("div", { class: "row" },
        link("/articles/" + encodeURIComponent(hit.doc) + "?quote=" + encodeURIComponent(hit.quote_id), "article " + hit.doc, { class: "article-link" }),
        hit.story ? link("/stories/" + encodeURIComponent(hit.story) + "?doc=" + encodeURIComponent(hit.doc) + "&quote=" + encodeURIComponent(hit.quote_id),
          "counterparts in story " + hit.story, { class: "story-link" }) : null));
  }

  function focusQuote(doc, quoteId) {
    if (!doc || !quoteId) return;
    const m = document.querySelector('mark.q[data-doc="' + CSS.escape(doc) + '"][data-quote="' + CSS.escape(quoteId) + '"]');
    if (m) { m.click(); m.scrollIntoView({ block: "center" }); }
  }

  // --- one article, one story, one speaker: the view panel ------------------------------------------------------
  function viewStart(tab, kind) {
    showPanel("view", tab);
    const target = clear($("#view"));
    target.dataset.view = kind;
    setStatus("view-status", "Loading…");
    return target;
  }

  async function articleView(doc, params) {
    const target = viewStart("search", "article");
    try {
      const article = await api("GET", ROOT + "/api/articles/" + encodeURIComponent(doc));
      const body = el("div");
      put(target,
        el("div", { class: "row view-links" },
          article.story ? link("/stories/" + encodeURIComponent(article.story) + "?doc=" + encodeURIComponent(article.doc), "the story of this article") : null,
          download("/api/articles/" + encodeURIComponent(article.doc), "JSON")),
        body);
      renderSingle(body, article);
      setStatus("view-status", "");
      focusQuote(article.doc, params.get("quote"));
    } catch (err) {
      setStatus("view-status", err.message, true);
    }
  }

  async function storyView(id, params) {
    const target = viewStart("stories", "story");
    try {
      const comparison = await api("GET", ROOT + "/api/stories/" + encodeURIComponent(id) + "?with_articles=true");
      const arts = comparison.articles || [];
      const title = (arts.find((a) => a.title) || {}).title || id;
      const body = el("div");
      const sid = encodeURIComponent(id);
      put(target,
        el("h2", { class: "view-title", text: title }),
        el("div", { class: "row view-links" },
          link("/stories", "\u2039 all stories"),
          el("span", { class: "hit-meta", text: "story " + id + " · " + plural(arts.length, "article") }),
          download("/api/stories/" + sid + "?format=csv", "CSV of its quotes"),
          download("/api/stories/" + sid + "?format=json", "JSON")),
        chart("/api/charts/outlets.svg?story=" + sid, "Quotes per outlet in this story, by relation"),
        body);
      renderComparison(body, comparison);
      setStatus("view-status", "");
      focusQuote(params.get("doc"), params.get("quote"));
    } catch (err) {
      setStatus("view-status", err.message, true);
    }
  }

  async function speakerView(id, params) {
    const target = viewStart("speakers", "speaker");
    const limit = limitOf(params);
    const q = new URLSearchParams({ limit, offset: offsetOf(params, limit) });
    const eid = encodeURIComponent(id);
    try {
      const p = await api("GET", ROOT + "/api/speakers/" + eid + "?" + q.toString());
      const e = p.entity;
      const outlets = p.outlets || [];
      const aliases = e.aliases || [];
      const hits = el("ol", { class: "hits", start: p.offset + 1 }, rowsOf(params, limit, p.quotes).map(renderHit));
      const keep = new URLSearchParams();
      if (params.get("limit")) keep.set("limit", limit);
      put(target,
        el("h2", { class: "view-title", text: e.name }),
        el("div", { class: "row view-links" },
          link("/speakers", "\u2039 all speakers"),
          el("span", { class: "hit-meta", text: e.kind + " · " + plural(p.total, "quote") + " · " + plural(outlets.length, "outlet") + (p.undated ? " · " + p.undated + " undated" : "") }),
          download("/api/speakers/" + eid + "?" + q.toString() + "&format=csv", "CSV (this page)"),
          download("/api/speakers/" + eid + "?" + q.toString() + "&format=json", "JSON")),
        el("div", { class: "charts" },
          chart("/api/charts/timeline.svg?speaker=" + eid, "Quotes of " + e.name + " over time", -1),
          chart("/api/charts/outlets.svg?speaker=" + eid, "Quotes of " + e.name + " per outlet, by relation", outlets.length)),
        el("details", { class: "card aliases" },
          el("summary", { text: plural(aliases.length, "name") + " this speaker goes by" }),
          el("ul", {}, aliases.map((a) => el("li", {}, el("strong", { text: a.name || a.alias }),
            " · " + plural(a.quotes || 0, "quote") + " in " + plural(a.articles || 0, "article") + (a.evidence ? " — " + a.evidence : ""))))),
        el("div", { class: "table-wrap" }, el("table", { class: "summary outlets" },
          el("thead", {}, el("tr", {}, el("th", { text: "Outlet" }), el("th", { text: "Quotes" }))),
          el("tbody", {}, outlets.map((o) => el("tr", {}, el("td", { text: o.outlet || "(no outlet)" }), el("td", { text: o.quotes })))))),
        pager("/speakers/" + eid, keep, pageOf(params), p.total, limit, "Quotes"),
        hits);
      setStatus("view-status", "");
    } catch (err) {
      setStatus("view-status", err.message, true);
    }
  }

  // --- lists: stories (paged) and speakers -----------------------------------------------------------------------
  async function storiesView(params) {
    showPanel("stories");
    const limit = limitOf(params);
    const q = new URLSearchParams({ limit, offset: offsetOf(params, limit) });
    const list = clear($("#story-list"));
    clear($("#stories-pager"));
    clear($("#stories-downloads"));
    const chartBox = clear($("#stories-chart"));
    setStatus("stories-status", "Loading stories…");
    try {
      const data = await api("GET", ROOT + "/api/stories?" + q.toString());
      for (const s of rowsOf(params, limit, data.items)) {
        const dates = [s.first_published, s.last_published].filter(Boolean);
        const when = dates.length ? (dates[0] === dates[dates.length - 1] ? dates[0] : dates[0] + " – " + dates[dates.length - 1]) : null;
        list.append(el("li", { class: "card" },
          link("/stories/" + encodeURIComponent(s.story), s.title || s.story, { class: "story-link" }),
          el("div", { class: "hit-meta", text: [plural(s.docs, "article"), (s.outlets || []).join(", "), when].filter(Boolean).join(" · ") })));
      }
      const keep = new URLSearchParams();
      if (params.get("limit")) keep.set("limit", limit);
      put($("#stories-pager"), pager("/stories", keep, pageOf(params), data.total, limit, "Stories"));
      put($("#stories-downloads"), "Download: ",
        download("/api/stories?" + q.toString() + "&format=csv", "CSV (this page)"), " · ",
        download("/api/stories?" + q.toString() + "&format=json", "JSON (this page)"));
      if (data.total) put(chartBox, chart("/api/charts/outlets.svg", "Quotes per outlet in the whole database, by relation"));
      setStatus("stories-status", data.total ? plural(data.total, "story", "stories") + "." : "No stories in the database yet.");
    } catch (err) {
      setStatus("stories-status", err.message, true);
    }
  }

  async function speakersView(params) {
    // Named speakers only: article-local ones ("a spokesman") are a different person each time.
    showPanel("speakers");
    const limit = limitOf(params);
    const q = new URLSearchParams({ named: "true", limit, offset: offsetOf(params, limit) });
    const list = clear($("#speaker-list"));
    clear($("#speakers-pager"));
    clear($("#speakers-downloads"));
    setStatus("speakers-status", "Loading speakers…");
    try {
      const data = await api("GET", ROOT + "/api/speakers?" + q.toString());
      list.start = data.offset + 1;
      for (const s of rowsOf(params, limit, data.speakers)) {
        const name = s.name || s.speaker;
        list.append(el("li", {},
          s.id ? link("/speakers/" + encodeURIComponent(s.id), name, { class: "speaker-link" })
            : link("/search?speaker=" + encodeURIComponent(name), name, { class: "speaker-link" }),
          el("span", { class: "hit-meta", text: " · " + [plural(s.quotes, "quote"), plural(s.outlets, "outlet"), s.kind,
            s.aliases > 1 ? plural(s.aliases, "name") : null].filter(Boolean).join(" · ") })));
      }
      const keep = new URLSearchParams();
      if (params.get("limit")) keep.set("limit", limit);
      put($("#speakers-pager"), pager("/speakers", keep, pageOf(params), data.total, limit, "Speakers"));
      put($("#speakers-downloads"), "Download: ",
        download("/api/speakers?" + q.toString() + "&format=csv", "CSV (this page)"), " · ",
        download("/api/speakers?" + q.toString() + "&format=json", "JSON (this page)"));
      setStatus("speakers-status", data.total ? plural(data.total, "speaker") + ", most quoted first." : "No speakers in the database yet.");
    } catch (err) {
      setStatus("speakers-status", err.message, true);
    }
  }

  // --- wiring ----------------------------------------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", () => {
    for (const tab of document.querySelectorAll("a.tab")) {
      tab.addEventListener("click", (e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(tab.getAttribute("href"));
      });
    }
    $("#search-form").addEventListener("submit", submitSearch);
    window.addEventListener("popstate", route);
    route();
  });
})();
