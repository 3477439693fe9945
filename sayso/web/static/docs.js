// The API reference: the server's own OpenAPI schema as a list of endpoints (no Swagger UI, which
// would be loaded from a CDN). Built with textContent only, like app.js.
"use strict";

(function () {
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function typeOf(schema) {
    if (!schema) return "";
    if (schema.$ref) return schema.$ref.split("/").pop();
    if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
    if (schema.type === "array") return typeOf(schema.items) + "[]";
    return schema.type || "";
  }

  function endpoint(path, method, op) {
    const card = el("section", "card");
    const head = el("h2");
    head.append(el("span", "rel", method.toUpperCase()), " ", el("code", null, path));
    card.append(head);
    if (op.summary) card.append(el("p", null, op.summary));
    if (op.description) card.append(el("p", "hint", op.description));
    const params = op.parameters || [];
    if (params.length) {
      const list = el("dl");
      for (const p of params) {
        list.append(el("dt", null, p.name + " (" + p.in + (p.required ? ", required" : "") + ")"));
        list.append(el("dd", null, [typeOf(p.schema), p.description || (p.schema && p.schema.description) || ""].filter(Boolean).join(" — ")));
      }
      card.append(list);
    }
    const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
    if (body) card.append(el("p", "hint", "JSON body: " + typeOf(body.schema)));
    return card;
  }

  function schemaCard(name, schema) {
    const card = el("section", "card");
    card.append(el("h2", null, name));
    const list = el("dl");
    for (const [field, s] of Object.entries(schema.properties || {})) {
      list.append(el("dt", null, field + ((schema.required || []).includes(field) ? " (required)" : "")));
      list.append(el("dd", null, [typeOf(s), s.description || ""].filter(Boolean).join(" — ")));
    }
    card.append(list);
    return card;
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const target = document.getElementById("endpoints");
    try {
      const spec = await (await fetch("openapi.json")).json();
      target.replaceChildren();
      for (const [path, methods] of Object.entries(spec.paths)) {
        for (const [method, op] of Object.entries(methods)) target.append(endpoint(path, method, op));
      }
      const schemas = (spec.components && spec.components.schemas) || {};
      if (schemas.ArticleIn) target.append(schemaCard("ArticleIn", schemas.ArticleIn));
    } catch (err) {
      target.replaceChildren(el("p", "status error", "Cannot load openapi.json: " + err.message));
    }
  });
})();
