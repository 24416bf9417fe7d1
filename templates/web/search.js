// Client-side search over search-index.js: rule IDs, titles and text, every language.
(function () {
  "use strict";
  var index = window.SW28_SEARCH_INDEX || [];
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var input = document.querySelector("[data-search-input]");
  if (!results || !status) { return; }
  var pageLang = results.getAttribute("data-lang");
  var MAX_RESULTS = 50;

  // Case and accents do not matter: "contraataque" finds "Contraataque", "reaccion" finds "Reacción".
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  var folded = index.map(function (entry) {
    return { id: entry.id.toLowerCase(), title: fold(entry.title), text: fold(entry.text) };
  });

  // Higher is better; 0 means no match. Every word must match the ID, title or text.
  function score(i, query, words) {
    var entry = folded[i];
    if (entry.id === query) { return 1000; }
    var total = 0;
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      if (entry.id === word) { total += 500; }
      else if (entry.id.indexOf(word) === 0 && /\d/.test(word)) { total += 200; }
      else if (entry.title.indexOf(word) !== -1) { total += 50; }
      else if (entry.text.indexOf(word) !== -1) { total += 10; }
      else { return 0; }
    }
    if (entry.title.indexOf(query) !== -1) { total += 100; }
    return total;
  }

  function snippet(text, words) {
    var lower = fold(text);
    var at = -1;
    for (var w = 0; w < words.length && at === -1; w++) { at = lower.indexOf(words[w]); }
    var start = Math.max(0, at - 60);
    // Start at a word, not inside one.
    if (start > 0) { start = text.indexOf(" ", start) + 1 || start; }
    var cut = text.slice(start, start + 200);
    return (start > 0 ? "…" : "") + cut + (start + 200 < text.length ? "…" : "");
  }

  function say(pattern, query, count) {
    status.textContent = pattern.replace("{query}", query).replace("{count}", String(count));
  }

  function run(query) {
    results.textContent = "";
    query = query.trim();
    if (!query) { status.textContent = ""; return; }
    var folding = fold(query);
    var words = folding.split(/\s+/).filter(Boolean);
    var found = [];
    for (var i = 0; i < index.length; i++) {
      var s = score(i, folding, words);
      if (s > 0) { found.push({ entry: index[i], score: s + (index[i].lang === pageLang ? 1 : 0) }); }
    }
    found.sort(function (a, b) { return b.score - a.score; });
    var count = found.length;
    say(status.getAttribute(count === 0 ? "data-none" : count === 1 ? "data-one" : "data-some"), query, count);
    found.slice(0, MAX_RESULTS).forEach(function (hit) {
      var entry = hit.entry;
      var item = document.createElement("li");
      item.lang = entry.lang;
      var link = document.createElement("a");
      link.href = "../" + entry.url;
      link.className = "search-hit";
      var id = document.createElement("span");
      id.className = "rule-id";
      id.textContent = entry.id;
      link.appendChild(id);
      link.appendChild(document.createTextNode(" " + entry.title));
      var where = document.createElement("span");
      where.className = "search-where";
      where.textContent = entry.volume + " · " + entry.lang.toUpperCase();
      var text = document.createElement("p");
      text.className = "search-snippet";
      text.textContent = snippet(entry.text, words);
      item.appendChild(link);
      item.appendChild(where);
      item.appendChild(text);
      results.appendChild(item);
    });
  }

  var query = new URLSearchParams(window.location.search).get("q") || "";
  if (input) {
    input.value = query;
    input.addEventListener("input", function () { run(input.value); });
  }
  run(query);
})();
