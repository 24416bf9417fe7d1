// The squad builder page: a form over a squad file. Every edit writes the file (YAML, the format
// sw28 squad reads) and checks it with kit-core.js, which follows sw28 squad rule by rule.
(function () {
  "use strict";
  var root = document.getElementById("squad-builder");
  if (!root || !window.SW28Kit) { return; }
  var Kit = window.SW28Kit, KIT = Kit.data, lang = root.getAttribute("data-lang");
  var cat = new Kit.Catalogue(lang), rules = KIT.langs[lang].rules;
  var LISTS = [["weapons", "weapon"], ["armor", "armor"], ["consumables", "consumable"], ["gear", "gear"],
               ["implants", "implant"], ["powers", "power"]];
  var CAMPAIGN_LISTS = [["injuries", "injury"], ["promotions", "promotion"]];
  var yaml = document.getElementById("squad-yaml");
  var squad = { name: "", campaign: null, models: [] };

  function label(key) { return root.getAttribute("data-label-" + key); }
  function format(pattern, values) { return pattern.replace(/%\((\w+)\)s/g, function (_, k) { return values[k]; }); }
  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  }
  function option(value, text, selected) {
    var node = el("option", text);
    node.value = value;
    if (selected) { node.selected = true; }
    return node;
  }
  function rowName(noun, key) { var row = cat.byKey[noun][key]; return row ? cat.name(row) : key; }

  function newModel() {
    var array = KIT.rows.array[0];
    var model = { name: label("model") + " " + (squad.models.length + 1), contract: squad.models.length ? "" : KIT.boss,
                  array: array.key, dice: {}, raise: "", merits: 0, promotions: [] };
    if (!model.contract) { model.contract = KIT.rows.contract.filter(function (r) { return r.key !== KIT.boss; })[0].key; }
    KIT.attributes.forEach(function (a, i) { model.dice[a] = array.dice[i]; });
    LISTS.concat(CAMPAIGN_LISTS).forEach(function (pair) { if (!model[pair[0]]) { model[pair[0]] = []; } });
    return model;
  }

  // --- the file <-> the form ----------------------------------------------------------------

  function write() {
    yaml.value = Kit.toYaml(squad);
    check();
  }

  function keyOf(noun, value) {
    var row = cat.find(noun, String(value));
    return row ? row.key : String(value);
  }
  function listOf(value) { return value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]; }

  // Best effort: what the form can show of a file; the check always reads the file itself.
  function read(text) {
    var tree;
    try { tree = Kit.parseYaml(text); } catch (e) { return; }
    if (!(tree instanceof Kit.Mapping) || !Array.isArray(tree.values.models)) { return; }
    var next = { name: tree.has("squad") ? String(tree.values.squad) : "", campaign: null, models: [] };
    var c = tree.values.campaign;
    if (c instanceof Kit.Mapping) {
      next.campaign = { evidence: c.values.evidence || 0, leads: c.values.leads || 0, subs: c.values.subs || 0 };
    }
    tree.values.models.forEach(function (raw) {
      if (!(raw instanceof Kit.Mapping)) { return; }
      var v = raw.values, model = { name: String(v.name === undefined ? "" : v.name), contract: keyOf("contract", v.contract || ""),
        array: keyOf("array", v.array || ""), dice: {}, raise: v.raise || "", merits: v.merits || 0 };
      if (v.dice instanceof Kit.Mapping) { KIT.attributes.forEach(function (a) { model.dice[a] = String(v.dice.values[a] || ""); }); }
      LISTS.concat([["injuries", "injury"]]).forEach(function (pair) {
        model[pair[0]] = listOf(v[pair[0]]).map(function (item) { return keyOf(pair[1], item); });
      });
      model.promotions = listOf(v.promotions).map(function (p) {
        return p instanceof Kit.Mapping ? { result: keyOf("promotion", p.values.result), stat: p.values.stat, change: p.values.change || 0 }
                                        : keyOf("promotion", p);
      });
      next.models.push(model);
    });
    squad = next;
    render();
  }

  // --- the form ------------------------------------------------------------------------------

  function select(id, labelText, options, value, onChange) {
    var wrap = el("span", null, "kit-field"), lab = el("label", labelText), sel = el("select");
    sel.id = id; lab.htmlFor = id;
    options.forEach(function (o) { sel.appendChild(option(o[0], o[1], o[0] === value)); });
    sel.addEventListener("change", function () { onChange(sel.value); });
    wrap.appendChild(lab); wrap.appendChild(document.createTextNode(" ")); wrap.appendChild(sel);
    return wrap;
  }

  function listEditor(model, index, key, noun) {
    var wrap = el("div", null, "kit-list"), id = "model-" + index + "-" + key;
    var rule = rules.kinds[noun];
    var title = el("a", rule.title, "kit-list-rule");
    title.href = rule.href;
    var chips = el("ul", null, "kit-chips");
    model[key].forEach(function (item, i) {
      var text = typeof item === "string" ? rowName(noun, item) : rowName(noun, item.result) + " (" + item.stat + " " + item.change + ")";
      var chip = el("li"), remove = el("button", "×");
      remove.type = "button";
      remove.setAttribute("aria-label", label("remove") + " " + text);
      remove.addEventListener("click", function () { model[key].splice(i, 1); render(); write(); });
      chip.appendChild(document.createTextNode(text + " "));
      chip.appendChild(remove);
      chips.appendChild(chip);
    });
    var options = [["", label("add")]].concat(KIT.rows[noun].map(function (row) {
      return [row.key, cat.name(row) + (row.cost !== undefined ? " (" + row.cost + ")" : "")];
    }));
    var adder = select(id, key, options, "", function (value) {
      if (value) { model[key].push(value); render(); write(); }
    });
    adder.querySelector("label").textContent = "";
    adder.querySelector("label").appendChild(title);
    wrap.appendChild(adder);
    wrap.appendChild(chips);
    return wrap;
  }

  function render() {
    document.getElementById("squad-name").value = squad.name;
    var campaign = document.getElementById("squad-campaign");
    campaign.checked = !!squad.campaign;
    document.getElementById("squad-campaign-fields").hidden = !squad.campaign;
    if (squad.campaign) {
      ["evidence", "leads", "subs"].forEach(function (k) { document.getElementById("squad-" + k).value = squad.campaign[k]; });
    }
    var box = document.getElementById("squad-models");
    box.textContent = "";
    squad.models.forEach(function (model, index) {
      var set = el("fieldset", null, "kit-model"), legend = el("legend", model.name || label("model") + " " + (index + 1));
      set.appendChild(legend);
      var nameWrap = el("span", null, "kit-field"), nameLabel = el("label", label("name")), name = el("input");
      name.id = "model-" + index + "-name"; nameLabel.htmlFor = name.id; name.type = "text"; name.value = model.name;
      name.addEventListener("input", function () { model.name = name.value; legend.textContent = name.value; write(); });
      nameWrap.appendChild(nameLabel); nameWrap.appendChild(document.createTextNode(" ")); nameWrap.appendChild(name);
      set.appendChild(nameWrap);
      var contractRule = el("a", rules.tables["contract-types"].title);
      contractRule.href = rules.tables["contract-types"].href;
      var contract = select("model-" + index + "-contract", "", KIT.rows.contract.map(function (row) {
        return [row.key, cat.name(row)];
      }), model.contract, function (value) { model.contract = value; render(); write(); });
      contract.querySelector("label").appendChild(contractRule);
      set.appendChild(contract);
      var arrayRule = el("a", rules.tables["stat-arrays"].title);
      arrayRule.href = rules.tables["stat-arrays"].href;
      var array = select("model-" + index + "-array", "", KIT.rows.array.map(function (row) {
        return [row.key, cat.name(row) + " (" + row.dice.join(", ") + ")"];
      }), model.array, function (value) {
        model.array = value;
        var row = cat.byKey.array[value];
        if (row) { KIT.attributes.forEach(function (a, i) { model.dice[a] = row.dice[i]; }); }
        render(); write();
      });
      array.querySelector("label").appendChild(arrayRule);
      set.appendChild(array);
      var dice = el("div", null, "kit-dice");
      KIT.attributes.forEach(function (a) {
        dice.appendChild(select("model-" + index + "-" + a, KIT.langs[lang].labels[a], KIT.tiers.map(function (t) { return [t, t]; }), model.dice[a],
          function (value) { model.dice[a] = value; write(); }));
      });
      set.appendChild(dice);
      var contractRow = cat.byKey.contract[model.contract];
      if (contractRow && contractRow.attributeBonus) {
        set.appendChild(select("model-" + index + "-raise", label("raise"), [["", "–"]].concat(KIT.attributes.map(function (a) { return [a, KIT.langs[lang].labels[a]]; })),
          model.raise, function (value) { model.raise = value; write(); }));
      }
      LISTS.forEach(function (pair) { set.appendChild(listEditor(model, index, pair[0], pair[1])); });
      if (squad.campaign) {
        var merits = el("input"), meritsLabel = el("label", label("merits")), wrap = el("span", null, "kit-field");
        merits.type = "number"; merits.min = "0"; merits.id = "model-" + index + "-merits"; merits.value = model.merits || 0;
        meritsLabel.htmlFor = merits.id;
        merits.addEventListener("input", function () { model.merits = parseInt(merits.value, 10) || 0; write(); });
        wrap.appendChild(meritsLabel); wrap.appendChild(document.createTextNode(" ")); wrap.appendChild(merits);
        set.appendChild(wrap);
        CAMPAIGN_LISTS.forEach(function (pair) { set.appendChild(listEditor(model, index, pair[0], pair[1])); });
      }
      var remove = el("button", label("remove") + " " + (model.name || ""));
      remove.type = "button";
      remove.addEventListener("click", function () { squad.models.splice(index, 1); render(); write(); });
      set.appendChild(remove);
      box.appendChild(set);
    });
  }

  // --- the verdict ---------------------------------------------------------------------------

  function check() {
    var budget = document.getElementById("squad-budget"), list = document.getElementById("squad-findings");
    var summary = document.getElementById("squad-summary"), cards = document.getElementById("squad-cards");
    list.textContent = ""; summary.textContent = ""; cards.textContent = "";
    var blob = new Blob([yaml.value], { type: "text/yaml" });
    var save = document.getElementById("squad-save");
    if (save.getAttribute("data-url")) { URL.revokeObjectURL(save.getAttribute("data-url")); }
    save.setAttribute("data-url", URL.createObjectURL(blob));
    save.href = save.getAttribute("data-url");
    var report;
    try { report = Kit.checkSquad(yaml.value, lang, "squad.yaml"); } catch (e) {
      if (!(e instanceof Kit.Unusable)) { throw e; }
      root.setAttribute("data-verdict", "unusable");
      budget.textContent = label("unusable") + " " + e.line + ": " + e.message;
      return;
    }
    root.setAttribute("data-verdict", report.findings.length ? "findings" : "ok");
    budget.textContent = format(label("spent"), { spent: report.spent, budget: report.budget, left: report.remaining }) +
      (report.findings.length ? "" : " " + label("ok"));
    report.findings.forEach(function (f) {
      var item = el("li", f.line + ": " + f.message + "; "), link = el("a", f.rule.title + " " + f.rule.cite);
      link.href = f.rule.href;
      item.setAttribute("data-rule", f.rule.id);
      item.appendChild(link);
      list.appendChild(item);
    });
    var table = el("table", null, "kit-summary-table"), head = el("tr");
    var labels = KIT.langs[lang].labels;
    [labels.model, labels.contract, labels.combat, labels.defense, labels.wits, labels.move, labels.health, labels.cost].forEach(function (h) {
      var th = el("th", h); th.scope = "col"; head.appendChild(th);
    });
    var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
    var tbody = el("tbody");
    report.models.forEach(function (m) {
      var tr = el("tr");
      [m.name, m.contractName, m.dice.combat || "–", m.dice.defense || "–", m.dice.wits || "–",
       m.move === null ? "–" : m.move + "\"", m.health === null ? "–" : m.health, m.cost].forEach(function (v, i) {
        tr.appendChild(el("td", String(v)));
      });
      tbody.appendChild(tr);
      cards.appendChild(card(m));
    });
    table.appendChild(tbody);
    summary.appendChild(table);
  }

  function card(m) {
    var article = el("article", null, "kit-card"), head = el("h3", m.name);
    article.appendChild(el("p", m.contractName, "kit-card-family"));
    article.appendChild(head);
    var stats = el("dl", null, "kit-card-stats");
    var labels = KIT.langs[lang].labels;
    KIT.attributes.map(function (a) { return [labels[a], m.dice[a] || "–"]; })
      .concat([[labels.move, m.move === null ? "–" : m.move + "\""], [labels.health, m.health === null ? "–" : String(m.health)], [labels.cost, String(m.cost)]])
      .forEach(function (pair) {
        var d = el("div"); d.appendChild(el("dt", pair[0])); d.appendChild(el("dd", pair[1])); stats.appendChild(d);
      });
    article.appendChild(stats);
    m.weapons.forEach(function (w) { article.appendChild(el("p", w.name + " " + w.damage, "kit-card-line")); });
    if (m.items.length) { article.appendChild(el("p", m.items.join(", "), "kit-card-line")); }
    if (m.powers.length) { article.appendChild(el("p", m.powers.join(", "), "kit-card-line")); }
    return article;
  }

  // --- events ------------------------------------------------------------------------------------

  document.getElementById("squad-name").addEventListener("input", function (event) { squad.name = event.target.value; write(); });
  document.getElementById("squad-campaign").addEventListener("change", function (event) {
    squad.campaign = event.target.checked ? { evidence: 0, leads: 0, subs: 0 } : null;
    render(); write();
  });
  ["evidence", "leads", "subs"].forEach(function (k) {
    document.getElementById("squad-" + k).addEventListener("input", function (event) {
      if (squad.campaign) { squad.campaign[k] = Math.max(0, parseInt(event.target.value, 10) || 0); write(); }
    });
  });
  document.getElementById("squad-add-model").addEventListener("click", function () { squad.models.push(newModel()); render(); write(); });
  yaml.addEventListener("input", function () { check(); read(yaml.value); });
  document.getElementById("squad-load").addEventListener("change", function (event) {
    var file = event.target.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () { yaml.value = String(reader.result); check(); read(yaml.value); };
    reader.readAsText(file);
  });
  document.getElementById("squad-print").addEventListener("click", function () { window.print(); });

  // A squad file in the page's address (#yaml=...) opens in the builder; otherwise a new squad.
  var hash = window.location.hash;
  if (hash.indexOf("#yaml=") === 0) {
    yaml.value = decodeURIComponent(hash.slice(6));
    check(); read(yaml.value);
  } else {
    for (var i = 0; i < KIT.squadSize; i++) { squad.models.push(newModel()); }
    render(); write();
  }
  // Shown once filled in: the form appears whole, instead of pushing the page down as it grows.
  root.removeAttribute("data-pending");
})();
