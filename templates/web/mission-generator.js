// The mission generator page: rolls with kit-core.js, shows each roll and the board, shares by URL.
(function () {
  "use strict";
  var root = document.getElementById("mission-generator");
  if (!root || !window.SW28Kit) { return; }
  var Kit = window.SW28Kit, lang = root.getAttribute("data-lang");
  var SEED_RANGE = 1000000;
  var form = document.getElementById("mission-form"), seedInput = document.getElementById("mission-seed");
  var campaign = document.getElementById("mission-campaign"), squadsBox = document.getElementById("mission-squads");
  var fields = ["a-evidence", "a-leads", "b-evidence", "b-leads"].map(function (id) { return document.getElementById("mission-" + id); });

  function format(pattern, values) {
    return pattern.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }
  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  }
  function ruleLink(rule) {
    var link = el("a", rule.title + " " + rule.cite);
    link.href = rule.href;
    return link;
  }
  function squads() {
    if (!campaign.checked) { return null; }
    var v = fields.map(function (input) { return Math.max(0, parseInt(input.value, 10) || 0); });
    return [{ evidence: v[0], leads: v[1] }, { evidence: v[2], leads: v[3] }];
  }

  function show(seed) {
    var given = squads(), mission = Kit.rollMission(seed, lang, given);
    seedInput.value = String(seed);
    var result = document.getElementById("mission-result");
    result.hidden = false;
    document.getElementById("mission-title").textContent = mission.mission.words.join(" · ");
    document.getElementById("mission-seed-line").textContent = format(root.getAttribute("data-label-seed"), { seed: seed });
    var gap = document.getElementById("mission-gap");
    gap.textContent = mission.gap ? format(root.getAttribute("data-label-gap"), mission.gap) : "";
    var body = document.getElementById("mission-rolls");
    body.textContent = "";
    mission.rolls.forEach(function (roll) {
      var row = el("tr"), first = el("td");
      var title = el("a", roll.title);
      title.href = roll.rule.href;
      first.appendChild(title);
      if (roll.note) {
        first.appendChild(document.createTextNode(" (" + format(root.getAttribute("data-label-round"), { round: roll.note.split(" ")[1] }) + ")"));
      }
      row.appendChild(first);
      row.appendChild(el("td", roll.die + ": " + roll.faces.join("+") + (roll.faces.length > 1 ? "=" + roll.total : "")));
      row.appendChild(el("td", roll.words.join(" · ")));
      row.setAttribute("data-row", roll.row);
      row.setAttribute("data-table", roll.table);
      body.appendChild(row);
    });
    var data = Kit.data.langs[lang], rules = document.getElementById("mission-rules");
    rules.textContent = "";
    [data.rules.setup, data.rules.generator].concat(mission.gap ? [data.rules.advantages] : [], [mission.board.rule])
      .forEach(function (rule, i) {
        if (i) { rules.appendChild(document.createTextNode("; ")); }
        rules.appendChild(ruleLink(rule));
      });
    // The board is the Missions booklet's own drawing (content, generated at build time).
    document.getElementById("mission-board").innerHTML = mission.board.svg;
    var query = "?seed=" + seed + (given ? "&squads=" + given.map(function (s) { return s.evidence + ":" + s.leads; }).join(",") : "");
    if (window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", query); } catch (e) { /* file:// in some browsers */ }
    }
    document.getElementById("mission-link").value = window.location.href.split("?")[0].split("#")[0] + query;
    document.querySelectorAll("a[data-keep-hash]").forEach(function (link) {
      link.setAttribute("href", link.getAttribute("href").split("?")[0].split("#")[0] + query);
    });
  }

  campaign.addEventListener("change", function () { squadsBox.hidden = !campaign.checked; });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    show(Math.max(0, parseInt(seedInput.value, 10) || 0));
  });
  document.getElementById("mission-new").addEventListener("click", function () {
    var values = new Uint32Array(1);
    window.crypto.getRandomValues(values);
    show(values[0] % SEED_RANGE);
  });

  var params = new URLSearchParams(window.location.search);
  var pairs = (params.get("squads") || "").split(",").map(function (pair) { return pair.split(":").map(Number); });
  if (pairs.length === 2 && pairs.every(function (p) { return p.length === 2 && p.every(function (n) { return n >= 0; }); })) {
    campaign.checked = true;
    squadsBox.hidden = false;
    fields[0].value = pairs[0][0]; fields[1].value = pairs[0][1]; fields[2].value = pairs[1][0]; fields[3].value = pairs[1][1];
  }
  if (/^\d+$/.test(params.get("seed") || "")) { show(parseInt(params.get("seed"), 10)); }
})();
