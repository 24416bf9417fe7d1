// The player's kit in the browser: squad files read and checked, missions rolled.
// Every number comes from kit-data.js (generated from the tables at build time); the checks and
// the rolls follow sw28 squad and sw28 mission step by step, so both give the same verdicts.
(function () {
  "use strict";
  var KIT = window.SW28_KIT;

  // --- YAML: the subset squad files are written in --------------------------------------------
  // Block mappings and sequences, flow [lists] and {mappings}, comments, plain and quoted
  // scalars. Each mapping remembers its first line, as the command does. Anything else is an
  // error with its line: the file is unusable, as for the command.
  function YamlError(line, message) { this.line = line; this.message = message; }

  function Mapping(line) { this.line = line; this.keys = []; this.values = {}; }
  Mapping.prototype.has = function (key) { return Object.prototype.hasOwnProperty.call(this.values, key); };
  Mapping.prototype.set = function (key, value, line) {
    if (this.has(key)) { throw new YamlError(line, "duplicate key '" + key + "'"); }
    this.keys.push(key); this.values[key] = value;
  };

  function scalar(text, line) {
    var t = text.trim();
    if (t === "" || t === "~" || t === "null" || t === "Null" || t === "NULL") { return null; }
    if (t[0] === "'" ) {
      if (t[t.length - 1] !== "'" || t.length < 2) { throw new YamlError(line, "malformed YAML: unclosed quote"); }
      return t.slice(1, -1).replace(/''/g, "'");
    }
    if (t[0] === '"') {
      if (t[t.length - 1] !== '"' || t.length < 2) { throw new YamlError(line, "malformed YAML: unclosed quote"); }
      return JSON.parse(t);
    }
    if (/^[-+]?\d+$/.test(t)) { return parseInt(t, 10); }
    if (/^(true|True|TRUE)$/.test(t)) { return true; }
    if (/^(false|False|FALSE)$/.test(t)) { return false; }
    if (/^[&*!|>%@`]/.test(t)) { throw new YamlError(line, "malformed YAML: unsupported syntax"); }
    return t;
  }

  function stripComment(text) {
    var quote = null;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (quote) { if (c === quote) { quote = null; } continue; }
      if (c === "'" || c === '"') { if (i === 0 || /[\s\[{,:]/.test(text[i - 1])) { quote = c; } continue; }
      if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) { return text.slice(0, i); }
    }
    return text;
  }

  // Flow collections: [a, b], {k: v}, nested.
  function parseFlow(text, line) {
    var pos = 0;
    function space() { while (pos < text.length && /\s/.test(text[pos])) { pos++; } }
    function value(inFlow) {
      space();
      var c = text[pos];
      if (c === "[") {
        pos++; var list = [];
        space();
        if (text[pos] === "]") { pos++; return list; }
        for (;;) {
          list.push(value(true)); space();
          if (text[pos] === ",") { pos++; space(); if (text[pos] === "]") { pos++; return list; } continue; }
          if (text[pos] === "]") { pos++; return list; }
          throw new YamlError(line, "malformed YAML: expected , or ]");
        }
      }
      if (c === "{") {
        pos++; var map = new Mapping(line);
        space();
        if (text[pos] === "}") { pos++; return map; }
        for (;;) {
          var key = plain(true, true); space();
          if (text[pos] !== ":") { throw new YamlError(line, "malformed YAML: expected :"); }
          pos++;
          map.set(String(key), value(true), line); space();
          if (text[pos] === ",") { pos++; continue; }
          if (text[pos] === "}") { pos++; return map; }
          throw new YamlError(line, "malformed YAML: expected , or }");
        }
      }
      return plain(inFlow, false);
    }
    function plain(inFlow, isKey) {
      space();
      var start = pos;
      if (text[pos] === "'" || text[pos] === '"') {
        var q = text[pos]; pos++;
        while (pos < text.length && !(text[pos] === q && !(q === "'" && text[pos + 1] === "'"))) {
          if (q === "'" && text[pos] === "'" ) { pos += 2; continue; }
          if (q === '"' && text[pos] === "\\") { pos++; }
          pos++;
        }
        pos++;
        return scalar(text.slice(start, pos), line);
      }
      while (pos < text.length) {
        var ch = text[pos];
        if (inFlow && (ch === "," || ch === "]" || ch === "}")) { break; }
        if (isKey && ch === ":") { break; }
        if (ch === ":" && inFlow && /[\s,\]}]/.test(text[pos + 1] || " ")) { break; }
        pos++;
      }
      return scalar(text.slice(start, pos), line);
    }
    var result = value(false);
    space();
    if (pos !== text.length) { throw new YamlError(line, "malformed YAML: unexpected text after a collection"); }
    return result;
  }

  function keyValue(content) {
    // "key: value" or "key:" outside quotes and flow collections.
    var m = /^("[^"]*"|'[^']*'|[^\s#'"\[\]{},:][^:]*?)\s*:(\s+(.*))?$/.exec(content);
    if (!m || /^[\[{]/.test(content)) { return null; }
    return { key: String(scalar(m[1], 0)), rest: m[3] === undefined ? "" : m[3] };
  }

  function parseYaml(source) {
    var raw = source.replace(/\r\n?/g, "\n").split("\n");
    var lines = [];
    for (var i = 0; i < raw.length; i++) {
      if (/\t/.test(raw[i].replace(/^ */, "").slice(0, 0)) || /^\t/.test(raw[i])) {
        throw new YamlError(i + 1, "malformed YAML: tabs are not allowed for indentation");
      }
      var text = stripComment(raw[i]).replace(/\s+$/, "");
      if (text.trim() === "" || text.trim() === "---") { continue; }
      lines.push({ indent: text.length - text.replace(/^ +/, "").length, text: text.replace(/^ +/, ""), line: i + 1 });
    }
    var at = 0;
    function inline(rest, line) {
      var t = rest.trim();
      if (t[0] === "[" || t[0] === "{") { return parseFlow(t, line); }
      return scalar(t, line);
    }
    function block(indent) {
      var first = lines[at];
      if (first.text[0] === "-" && (first.text.length === 1 || first.text[1] === " ")) { return sequence(first.indent); }
      return mapping(first.indent, first.line);
    }
    function valueAfter(rest, parentIndent, line, isSequenceItem) {
      if (rest.trim() !== "") { return inline(rest, line); }
      if (at < lines.length && (lines[at].indent > parentIndent ||
          (!isSequenceItem && lines[at].indent === parentIndent && lines[at].text[0] === "-" &&
           (lines[at].text.length === 1 || lines[at].text[1] === " ")))) {
        return block(lines[at].indent);
      }
      return null;
    }
    function mapping(indent, startLine) {
      var map = new Mapping(startLine);
      while (at < lines.length && lines[at].indent === indent) {
        var item = lines[at];
        if (item.text[0] === "-" && (item.text.length === 1 || item.text[1] === " ")) { break; }
        var kv = keyValue(item.text);
        if (!kv) { throw new YamlError(item.line, "malformed YAML: expected key: value"); }
        at++;
        map.set(kv.key, valueAfter(kv.rest, indent, item.line, false), item.line);
      }
      if (at < lines.length && lines[at].indent > indent) {
        throw new YamlError(lines[at].line, "malformed YAML: unexpected indentation");
      }
      return map;
    }
    function sequence(indent) {
      var list = [];
      while (at < lines.length && lines[at].indent === indent && lines[at].text[0] === "-" &&
             (lines[at].text.length === 1 || lines[at].text[1] === " ")) {
        var item = lines[at];
        var rest = item.text.slice(1);
        var pad = rest.length - rest.replace(/^ +/, "").length;
        var content = rest.replace(/^ +/, "");
        if (content === "") { at++; list.push(valueAfter("", indent, item.line, true)); continue; }
        if (content[0] !== "[" && content[0] !== "{" && keyValue(content)) {
          // "- key: value" opens a mapping whose keys line up with this first one.
          lines[at] = { indent: indent + 1 + pad, text: content, line: item.line };
          list.push(mapping(indent + 1 + pad, item.line));
          continue;
        }
        at++;
        list.push(inline(content, item.line));
      }
      return list;
    }
    if (!lines.length) { return null; }
    var top = block(lines[0].indent);
    if (at < lines.length) { throw new YamlError(lines[at].line, "malformed YAML: unexpected text"); }
    return top;
  }

  // --- the squad rules, as sw28 squad checks them ---------------------------------------------

  function Unusable(line, message) { this.line = line; this.message = message; }

  function fold(text) { return String(text).toLowerCase().replace(/-/g, " ").split(/\s+/).filter(Boolean).join(" "); }
  function repr(text) { return text.indexOf("'") !== -1 && text.indexOf('"') === -1 ? '"' + text + '"' : "'" + text.replace(/'/g, "\\'") + "'"; }
  function pyStr(value) {
    if (value === null || value === undefined) { return "None"; }
    if (value === true) { return "True"; }
    if (value === false) { return "False"; }
    return String(value);
  }
  function isMap(value) { return value instanceof Mapping; }
  function typeName(value) {
    if (value === null) { return "NoneType"; }
    if (typeof value === "number") { return "int"; }
    if (typeof value === "boolean") { return "bool"; }
    if (typeof value === "string") { return "str"; }
    if (Array.isArray(value)) { return "list"; }
    return "dict";
  }

  function Catalogue(lang) {
    var self = this;
    this.lang = lang;
    this.byName = {}; this.byKey = {};
    KIT.kinds.forEach(function (noun) {
      var names = {}, keyed = {};
      KIT.rows[noun].forEach(function (row) {
        keyed[row.key] = row;
        names[fold(row.key)] = row;
        Object.keys(row.names).sort(function (a, b) { return a === "en" ? -1 : b === "en" ? 1 : a < b ? -1 : 1; })
          .forEach(function (l) { if (!(fold(row.names[l]) in names)) { names[fold(row.names[l])] = row; } });
      });
      self.byName[noun] = names; self.byKey[noun] = keyed;
    });
  }
  Catalogue.prototype.find = function (noun, written) { return this.byName[noun][fold(written)] || null; };
  Catalogue.prototype.kindOf = function (written) {
    for (var i = 0; i < KIT.kinds.length; i++) { if (this.find(KIT.kinds[i], written)) { return KIT.kinds[i]; } }
    return null;
  };
  // The kit data holds every name in every language of the book: the build refuses a row without one.
  Catalogue.prototype.name = function (row) { return row.names[this.lang]; };

  function tierIndex(tier) { return KIT.tiers.indexOf(tier); }
  function capped(tier, steps) {
    var target = Math.min(Math.max(tierIndex(tier) + steps, 0), KIT.tiers.length - 1);
    return KIT.tiers[target];
  }
  function parseTier(text) {
    var m = /^2d(\d{1,2})$/.exec(String(text).trim());
    if (!m || !/^[\x00-\x7f]*$/.test(String(text))) {
      throw new Error(repr(String(text)) + " is not a dice tier (tiers: " + KIT.tiers.join(", ") + ")");
    }
    var tier = "2d" + parseInt(m[1], 10);
    if (tierIndex(tier) === -1) { throw new Error(tier + " is not a dice tier (tiers: " + KIT.tiers.join(", ") + ")"); }
    return tier;
  }
  function thresholdsCrossed(before, after) {
    var ladder = KIT.thresholds.slice();
    while (ladder[ladder.length - 1] < after) {
      var step = ladder.length > 1 ? ladder[ladder.length - 1] - ladder[ladder.length - 2] + 1 : 1;
      ladder.push(ladder[ladder.length - 1] + step);
    }
    return ladder.filter(function (t) { return before < t && t <= after; });
  }
  function damageText(row, bonus) {
    var b = row.damageBonus + bonus;
    var base = row.damageSides ? (row.damageCount === 1 ? "" : row.damageCount) + "d" + row.damageSides : "";
    if (!base) { return String(b); }
    return base + (b > 0 ? "+" + b : b < 0 ? String(b) : "");
  }

  function Fields(data, what, line) {
    if (!isMap(data)) { throw new Unusable(line, what + " must be a mapping"); }
    this.data = data; this.what = what; this.line = data.line;
  }
  Fields.prototype.only = function (allowed) {
    var unknown = this.data.keys.filter(function (k) { return allowed.indexOf(k) === -1; }).sort();
    if (unknown.length) { throw new Unusable(this.line, "unknown key " + repr(unknown[0]) + " in " + this.what + " (allowed: " + allowed.join(", ") + ")"); }
    return this;
  };
  Fields.prototype.get = function (key, kinds, fallback, required) {
    if (!this.data.has(key)) {
      if (required) { throw new Unusable(this.line, this.what + " has no " + repr(key)); }
      return fallback === undefined ? null : fallback;
    }
    var value = this.data.values[key];
    if (kinds && kinds.indexOf(typeName(value)) === -1) {
      throw new Unusable(this.line, repr(key) + " of " + this.what + " must be " + kinds.join(" or ") + ", not " + pyRepr(value));
    }
    return value;
  };
  function pyRepr(value) {
    if (typeof value === "string") { return repr(value); }
    if (Array.isArray(value)) { return "[" + value.map(pyRepr).join(", ") + "]"; }
    if (isMap(value)) { return "{" + value.keys.map(function (k) { return repr(k) + ": " + pyRepr(value.values[k]); }).join(", ") + "}"; }
    return pyStr(value);
  }

  function checkSquad(text, lang, file) {
    var data = KIT.langs[lang], cat = new Catalogue(lang);
    var report = { file: file, name: "", budget: KIT.budget, campaign: null, models: [], findings: [] };
    // The words a finding prints for the files' keys (kinds of entry, weapon classes, armor tiers).
    var words = data.findingWords;
    // A finding's sentence is the language's template (the same list sw28 squad uses) with its values filled in.
    function finding(line, key, rule, values) {
      var message = data.findings[key].replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
      report.findings.push({ line: line, message: message, rule: rule });
    }
    var tree;
    try { tree = parseYaml(text); } catch (e) { if (e instanceof YamlError) { throw new Unusable(e.line, e.message); } throw e; }
    var top = new Fields(tree, "a squad file", 1).only(["squad", "models", "campaign"]);
    var models = top.get("models", ["list"], null, true);
    var campaignRaw = top.get("campaign", ["dict"]);
    var campaign = null;
    if (campaignRaw !== null) {
      var cf = new Fields(campaignRaw, "campaign", top.line).only(["evidence", "leads", "subs"]);
      campaign = {};
      ["evidence", "leads", "subs"].forEach(function (key) {
        campaign[key] = cf.get(key, ["int"], 0);
        if (campaign[key] < 0) { throw new Unusable(cf.line, "campaign " + key + " cannot be negative, not " + campaign[key]); }
      });
    }
    report.campaign = campaign;
    report.budget = KIT.budget + (campaign ? campaign.subs : 0);
    report.name = pyStr(top.get("squad", ["str", "int"], ""));
    var rules = data.rules;

    models.forEach(function (raw, n) {
      var fields = new Fields(raw, "model " + (n + 1), top.line).only(KIT.modelKeys);
      var name = pyStr(fields.get("name", ["str", "int"], null, true));
      var line = fields.line;
      function find(noun, written, rule) {
        var row = cat.find(noun, written);
        if (!row) {
          var other = cat.kindOf(written);
          if (other) { finding(line, "other-kind", rule, { name: name, written: repr(written), other: words[other], kind: words[noun] }); }
          else { finding(line, "unknown", rule, { name: name, kind: words[noun], written: repr(written) }); }
        }
        return row;
      }
      var contractRow = find("contract", fields.get("contract", ["str"], null, true), rules.kinds.contract);
      var sheet = { name: name, line: line, contract: contractRow ? contractRow.key : "",
                    contractName: contractRow ? cat.name(contractRow) : "", cost: 0, dice: {}, move: null,
                    health: null, weapons: [], items: [], powers: [] };
      var items = {};
      Object.keys(KIT.itemLists).forEach(function (key) {
        var written = fields.get(key, ["list", "str"], []);
        var list = typeof written === "string" ? [written] : written;
        items[key] = [];
        list.forEach(function (entry) {
          var row = find(KIT.itemLists[key], pyStr(entry), rules.kinds[KIT.itemLists[key]]);
          if (row) { items[key].push(row); }
        });
      });
      Object.keys(items).forEach(function (key) { items[key].forEach(function (row) { sheet.cost += row.cost; }); });
      var powers = [];
      fields.get("powers", ["list"], []).forEach(function (entry) {
        var row = find("power", pyStr(entry), rules.kinds.power); if (row) { powers.push(row); }
      });
      sheet.powers = powers.map(function (row) { return cat.name(row); });
      var injuries = [];
      fields.get("injuries", ["list"], []).forEach(function (entry) {
        var row = find("injury", pyStr(entry), rules.kinds.injury); if (row) { injuries.push(row); }
      });
      var promotions = readPromotions(fields, name, line, find, cat, finding, rules);
      var merits = fields.get("merits", ["int"], 0);
      if (!campaign) {
        KIT.campaignModelKeys.forEach(function (key) {
          var value = fields.get(key);
          if (!(value === null || value === 0 || (Array.isArray(value) && value.length === 0))) {
            finding(line, "campaign-key", rules.tables.promotion, { name: name, key: key });
          }
        });
        items.implants.forEach(function (row) {
          finding(line, "implant-outside-campaign", rules.tables.cybernetics, { name: name, implant: cat.name(row) });
        });
      }
      sheet.items = [].concat(items.armor, items.consumables, items.gear, items.implants).map(function (row) { return cat.name(row); });
      report.models.push(sheet);
      if (!contractRow) { return; }

      var dice = readDice(fields, name, line, contractRow, find, cat, finding, rules);
      // Equipment (C2.3, C2.4, A3.5).
      var who = cat.name(contractRow);
      items.weapons.forEach(function (row) {
        var cls = row.weaponClass, access = contractRow.weapons;
        var allowed = cls === "improvised" || cls === "grenade" || access === "both" || cls === access;
        if (!allowed) {
          finding(line, "weapon-access", rules.equipment, { name: name, weapon: cat.name(row), weapon_class: words[cls], contract: who,
                                                            access: contractRow.access[lang], wanted: words[access] });
        }
      });
      if (items.armor.length > 1) {
        finding(line, "armor-count", rules.armor, { name: name, count: items.armor.length,
                                                    armor: items.armor.map(function (row) { return cat.name(row); }).join(", ") });
      }
      items.armor.forEach(function (row) {
        if (row.tierRank > contractRow.maxArmorRank) {
          finding(line, "armor-tier", rules.tables["contract-types"], { name: name, armor: cat.name(row), tier: words[row.tier],
                                                                       contract: who, max_tier: words[contractRow.maxArmor] });
        }
      });
      // Powers (C2.3).
      var free = contractRow.freePowers || 0;
      var earned = promotions.filter(function (p) { return p.power; }).length;
      if (!free && !earned && powers.length) {
        finding(line, "no-cast", rules.equipment, { name: name, contract: who, powers: sheet.powers.join(", ") });
      } else if (free && powers.length < free) {
        finding(line, "too-few-powers", rules.equipment, { name: name, contract: who, free: free, count: powers.length });
      } else if (powers.length > free + earned) {
        finding(line, "too-many-powers", rules.equipment, { name: name, count: powers.length, contract: who, free: free, earned: earned });
      }
      var seen = {}, dup = {};
      powers.forEach(function (row) { if (seen[row.key]) { dup[cat.name(row)] = true; } seen[row.key] = true; });
      var duplicates = Object.keys(dup).sort();
      if (duplicates.length) { finding(line, "power-twice", rules.equipment, { name: name, powers: duplicates.join(", ") }); }
      // Campaign (K3).
      if (campaign) {
        if (merits < 0) { finding(line, "negative-merits", rules.tables["merit-sources"], { name: name }); }
        var reached = thresholdsCrossed(0, Math.max(merits, 0)).length;
        if (promotions.length > reached) {
          finding(line, "promotions-merits", rules.tables["promotion-thresholds"], { name: name, count: promotions.length, merits: merits, reached: reached });
        }
        injuries.forEach(function (row) {
          if (row.key === KIT.terminated) { finding(line, "terminated", rules.tables.injuries, { name: name, injury: cat.name(row) }); }
        });
        var injured = {};
        injuries.forEach(function (row) { injured[row.key] = (injured[row.key] || 0) + 1; });
        items.implants.forEach(function (row) {
          if (injured[row.repairs] > 0) { injured[row.repairs] -= 1; return; }
          var needs = cat.byKey.injury[row.repairs];
          finding(line, "implant-unneeded", rules.tables.cybernetics, { name: name, implant: cat.name(row), injury: needs ? cat.name(needs) : row.repairs });
        });
      }
      // Final values.
      var effects = [];
      promotions.forEach(function (p) { effects = effects.concat(p.effects); });
      var repaired = {};
      items.implants.forEach(function (row) { repaired[row.repairs] = (repaired[row.repairs] || 0) + 1; });
      injuries.forEach(function (row) {
        if (repaired[row.key]) { repaired[row.key] -= 1; return; }
        effects = effects.concat(row.effects);
      });
      if (dice) {
        effects.forEach(function (e) { if (e.stat in dice) { dice[e.stat] = capped(dice[e.stat], e.change); } });
        KIT.attributes.forEach(function (a) { sheet.dice[a] = dice[a]; });
      }
      var armorMove = items.armor.length ? items.armor[0].move : 0;
      if (armorMove < 0 && contractRow.ignoresArmorMove) { armorMove = 0; }
      sheet.move = contractRow.move + armorMove;
      sheet.health = contractRow.health;
      effects.forEach(function (e) { if (e.stat === "move") { sheet.move += e.change; } if (e.stat === "health") { sheet.health += e.change; } });
      sheet.weapons = items.weapons.map(function (row) {
        return { name: cat.name(row), damage: damageText(row, row.weaponClass === "melee" ? contractRow.meleeDamageBonus : 0) };
      });
    });

    // The whole squad (C2, C2.3, C2.4, K2.3).
    var left = report.budget;
    report.models.forEach(function (m) { left -= m.cost; m.remaining = left; });
    report.spent = report.models.reduce(function (sum, m) { return sum + m.cost; }, 0);
    report.remaining = report.budget - report.spent;
    if (report.models.length !== KIT.squadSize) {
      finding(top.line, "squad-size", rules.squad, { size: KIT.squadSize, count: report.models.length });
    }
    var counts = {};
    report.models.forEach(function (m) { if (m.contract) { counts[m.contract] = (counts[m.contract] || 0) + 1; } });
    var bossName = cat.name(cat.byKey.contract[KIT.boss]);
    if ((counts[KIT.boss] || 0) !== 1) {
      finding(top.line, "one-boss", rules.squad, { boss: bossName, count: counts[KIT.boss] || 0 });
    }
    Object.keys(counts).sort().forEach(function (key) {
      var row = cat.byKey.contract[key];
      if (key !== KIT.boss && row.maxPerSquad !== null && counts[key] > row.maxPerSquad) {
        var first = report.models.filter(function (m) { return m.contract === key; })[0];
        finding(first.line, "contract-limit", rules.tables["contract-types"], { count: counts[key], contract: cat.name(row), limit: row.maxPerSquad });
      }
    });
    if (report.spent > report.budget) {
      finding(top.line, "over-budget", rules.equipment, { spent: report.spent, budget: report.budget,
              costs: report.models.map(function (m) { return m.name + " " + m.cost; }).join(", ") });
    }
    if (campaign && campaign.evidence > KIT.evidenceSides) {
      finding(top.line, "evidence", rules.tables["evidence-types"], { evidence: campaign.evidence, sides: KIT.evidenceSides });
    }
    report.findings.sort(function (a, b) {
      return a.line !== b.line ? a.line - b.line : a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
    });
    return report;
  }

  function readPromotions(fields, name, line, find, cat, finding, rules) {
    var found = [];
    fields.get("promotions", ["list"], []).forEach(function (raw) {
      var written = isMap(raw) ? (raw.has("result") ? raw.values.result : null) : raw;
      var row = find("promotion", pyStr(written), rules.kinds.promotion);
      if (!row) { return; }
      if (row.effects.length) {
        if (isMap(raw)) { finding(line, "not-a-choice", rules.tables.promotion, { name: name, promotion: cat.name(row) }); }
        found.push({ row: row, effects: row.effects, power: false });
        return;
      }
      var choice = isMap(raw) ? new Fields(raw, name + "'s " + cat.name(row), line) : null;
      var stat = choice ? choice.get("stat", ["str"]) : null;
      var change = choice ? choice.get("change", ["int"], 0) : 0;
      if (KIT.choiceStats.indexOf(stat) === -1) {
        finding(line, "record-choice", rules.tables.promotion, { name: name, promotion: cat.name(row), key: row.key,
                                                                 stats: KIT.choiceStats.join(", ") });
        return;
      }
      found.push({ row: row, effects: stat === "power" ? [] : [{ stat: stat, change: change }], power: stat === "power" });
    });
    return found;
  }

  function readDice(fields, name, line, contractRow, find, cat, finding, rules) {
    var arraysRule = rules.tables["stat-arrays"];
    var arrayRow = find("array", pyStr(fields.get("array", ["str"], null, true)), arraysRule);
    var raw = fields.get("dice", ["dict"], null, true);
    var dice = {}, count = 0;
    raw.keys.forEach(function (attribute) {
      try { dice[attribute] = parseTier(pyStr(raw.values[attribute])); count++; }
      catch (e) { finding(line, "bad-die", arraysRule, { name: name, attribute: attribute, error: e.message }); }
    });
    var sameSet = raw.keys.length === KIT.attributes.length &&
      KIT.attributes.every(function (a) { return raw.keys.indexOf(a) !== -1; });
    if (!sameSet) {
      finding(line, "dice-keys", arraysRule, { name: name, attributes: KIT.attributes.join(", "),
                                               given: raw.keys.join(", ") || KIT.langs[lang].findings.none });
      return null;
    }
    var raised = fields.get("raise", ["str"]);
    var bonusRule = rules.tables["contract-types"];
    if (contractRow.attributeBonus && KIT.attributes.indexOf(raised) === -1) {
      finding(line, "raise-missing", bonusRule, { name: name, contract: cat.name(contractRow),
                                                  bonus: "+" + contractRow.attributeBonus, attributes: KIT.attributes.join(", ") });
      raised = null;
    } else if (raised !== null && !contractRow.attributeBonus) {
      finding(line, "raise-unwanted", bonusRule, { name: name, contract: cat.name(contractRow), raised: raised });
      raised = null;
    }
    if (!arrayRow || count !== KIT.attributes.length) { return null; }
    var given = KIT.attributes.map(function (a) { return dice[a]; });
    if (given.slice().sort().join() !== arrayRow.dice.slice().sort().join()) {
      finding(line, "array-dice", arraysRule, { name: name, array: cat.name(arrayRow), dice: arrayRow.dice.join(", "),
                                                given: given.join(", ") });
      return null;
    }
    if (raised !== null) { dice[raised] = capped(dice[raised], contractRow.attributeBonus); }
    return dice;
  }

  // --- rolling: Python's Mersenne Twister, so a seed rolls what sw28 mission rolls ------------

  function Random(seed) {
    this.mt = new Array(624); this.index = 624;
    var key = [], value = Math.abs(Math.floor(seed));
    do { key.push(value % 4294967296); value = Math.floor(value / 4294967296); } while (value > 0);
    this.initByArray(key);
  }
  Random.prototype.initGenrand = function (s) {
    var mt = this.mt; mt[0] = s >>> 0;
    for (var i = 1; i < 624; i++) { mt[i] = (Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i) >>> 0; }
  };
  Random.prototype.initByArray = function (key) {
    var mt = this.mt, i = 1, j = 0, k;
    this.initGenrand(19650218);
    for (k = Math.max(624, key.length); k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
      if (j >= key.length) { j = 0; }
    }
    for (k = 623; k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;
  };
  Random.prototype.uint32 = function () {
    var mt = this.mt, y, kk;
    if (this.index >= 624) {
      for (kk = 0; kk < 624; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7fffffff);
        mt[kk] = (mt[(kk + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
      }
      this.index = 0;
    }
    y = mt[this.index++];
    y ^= y >>> 11; y ^= (y << 7) & 0x9d2c5680; y ^= (y << 15) & 0xefc60000; y ^= y >>> 18;
    return y >>> 0;
  };
  Random.prototype.below = function (n) {
    var k = n.toString(2).length, r;
    do { r = this.uint32() >>> (32 - k); } while (r >= n);
    return r;
  };
  Random.prototype.randint = function (low, high) { return low + this.below(high - low + 1); };

  function rollTable(rng, table, note) {
    var faces = [], total = table.bonus;
    for (var i = 0; i < table.count; i++) { var face = rng.randint(1, table.sides); faces.push(face); total += face; }
    var row = table.rows.filter(function (r) { return total >= r.low && (r.high === null || total <= r.high); })[0];
    return { table: table.id, title: table.title, die: table.die, faces: faces, total: total, row: row.key,
             words: row.words, rule: table.rule, note: note || "", section: row.section };
  }

  function rollMission(seed, lang, squads) {
    var data = KIT.langs[lang], rng = new Random(seed), mission = { seed: seed, lang: lang, rolls: [], gap: null };
    data.missionTables.forEach(function (table) {
      if (table.id === KIT.spawnTable) {
        var timing = mission.rolls.filter(function (r) { return r.table === KIT.timingTable; })[0];
        KIT.spawnRounds[timing.row].forEach(function (round) { mission.rolls.push(rollTable(rng, table, "round " + round)); });
      } else {
        mission.rolls.push(rollTable(rng, table));
      }
    });
    if (squads) {
      var totals = squads.map(function (s) { return s.evidence + s.leads; });
      var gap = Math.abs(totals[0] - totals[1]), aggressor = null;
      if (totals[0] !== totals[1]) { aggressor = totals[0] > totals[1] ? 0 : 1; }
      else if (squads[0].evidence !== squads[1].evidence) { aggressor = squads[0].evidence > squads[1].evidence ? 0 : 1; }
      var random = aggressor === null;
      if (random) { aggressor = rng.below(2); }
      var row = KIT.gap.filter(function (r) { return gap >= r.low && (r.high === null || gap <= r.high); })[0];
      mission.gap = { gap: gap, aggressor: "AB"[aggressor], defender: "AB"[1 - aggressor], random: random,
                      setup: row.setup, tactical: row.tactical, either: row.either };
      ["setup", "tactical"].forEach(function (column) {
        for (var i = 0; i < row[column]; i++) { mission.rolls.push(rollTable(rng, data.advantageTables[column])); }
      });
    }
    var missionRoll = mission.rolls.filter(function (r) { return r.table === KIT.missionTable; })[0];
    mission.mission = missionRoll;
    mission.board = data.boards[missionRoll.row];
    return mission;
  }

  // --- writing a squad file ------------------------------------------------------------------

  function quote(text) {
    var s = String(text);
    return /^[A-Za-z0-9ÁÉÍÓÚÑáéíóúñü][\w ÁÉÍÓÚÑáéíóúñü.-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|~)$/i.test(s) && !/^\d/.test(s) ? s : JSON.stringify(s);
  }
  function toYaml(squad) {
    var out = ["squad: " + quote(squad.name || "")];
    if (squad.campaign) {
      out.push("campaign: {evidence: " + squad.campaign.evidence + ", leads: " + squad.campaign.leads + ", subs: " + squad.campaign.subs + "}");
    }
    out.push("models:");
    squad.models.forEach(function (m) {
      out.push("  - name: " + quote(m.name));
      out.push("    contract: " + quote(m.contract));
      out.push("    array: " + quote(m.array));
      out.push("    dice: {" + KIT.attributes.map(function (a) { return a + ": " + (m.dice[a] || ""); }).join(", ") + "}");
      if (m.raise) { out.push("    raise: " + m.raise); }
      ["weapons", "armor", "consumables", "gear", "implants", "powers", "injuries"].forEach(function (key) {
        if (m[key] && m[key].length) { out.push("    " + key + ": [" + m[key].map(quote).join(", ") + "]"); }
      });
      if (m.promotions && m.promotions.length) {
        out.push("    promotions: [" + m.promotions.map(function (p) {
          return typeof p === "string" ? quote(p) : "{result: " + quote(p.result) + ", stat: " + p.stat + ", change: " + p.change + "}";
        }).join(", ") + "]");
      }
      if (m.merits) { out.push("    merits: " + m.merits); }
    });
    return out.join("\n") + "\n";
  }

  window.SW28Kit = { parseYaml: parseYaml, Mapping: Mapping, YamlError: YamlError, Unusable: Unusable,
                     checkSquad: checkSquad, Random: Random, rollMission: rollMission, toYaml: toYaml,
                     Catalogue: Catalogue, data: KIT };
})();
