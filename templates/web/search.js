// Client-side search over search-index.js: rule IDs, titles and text, every language.
//
// The ranking is a pure function, window.SW28Search.rank(query, lang), so tests run
// it in a browser against the real index; the rest of this file draws the results.
(function () {
  "use strict";
  var index = window.SW28_SEARCH_INDEX || [];
  var words = window.SW28_SEARCH_WORDS || {};
  var RULE_ID = /^\s*([a-z])\s*(\d+(?:\.\d+)?)\s*$/i;

  // Case and accents do not matter: "reaccion" finds "Reacción".
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function split(text) {
    // "C4.7" stays one word: rules are referred to by ID.
    return fold(text).match(/[a-z0-9\u00df-\u024f]+(?:\.\d+)*/g) || [];
  }
  // A word's forms are one: its plural and singular ("grenades", "Grenade"; "armaduras",
  // "armadura"), and in English its -ing and -ed forms ("fleeing", "flees"). A light
  // stemmer: the root need not be a word, only the same for every form.
  function stem(word, lang) {
    if (word.length < 4 || /\d/.test(word)) { return word; }
    if (lang === "es") {
      if (/[^aeiou]es$/.test(word) && word.length > 5) { return word.slice(0, -2); }
      return word.replace(/[aeo]s?$/, "");
    }
    var root = word;
    if (/ies$/.test(root)) { root = root.slice(0, -3) + "y"; }
    else if (/(ss|x|ch|sh)es$/.test(root)) { root = root.slice(0, -2); }
    else if (/ing$/.test(root) && root.length > 5) { root = root.slice(0, -3); }
    else if (/ed$/.test(root) && root.length > 4) { root = root.slice(0, -2); }
    else if (/[^su]s$/.test(root)) { root = root.slice(0, -1); }
    // "running" → "run", "stunned" → "stun"; "falling" keeps its "ll".
    if (root !== word && /([^aeioulsz])\1$/.test(root)) { root = root.slice(0, -1); }
    return root.length > 3 ? root.replace(/e$/, "") : root;
  }
  function stems(text, lang) {
    return split(text).map(function (word) { return stem(word, lang); });
  }

  // At most one typing mistake in a word of 4 letters or more, two from 8: a letter
  // left out, added, changed, or two letters swapped.
  function close(a, b) {
    var allowed = a.length >= 8 ? 2 : a.length >= 4 ? 1 : 0;
    if (!allowed || Math.abs(a.length - b.length) > allowed) { return false; }
    var previous = [], row = [], before = [];
    for (var j = 0; j <= b.length; j++) { row[j] = j; }
    for (var i = 1; i <= a.length; i++) {
      before = previous; previous = row; row = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j], before[j - 2] + 1);
        }
        best = Math.min(best, row[j]);
      }
      if (best > allowed) { return false; }
    }
    return row[b.length] <= allowed;
  }

  // Each entry once, folded and split for ranking; per language, in how many entries
  // each word is and the entries' mean length (rare words and short rules weigh more).
  var stats = {};
  var prepared = index.map(function (entry) {
    var title = stems(entry.title, entry.lang), text = stems(entry.text, entry.lang);
    var counts = {};
    text.forEach(function (word) { counts[word] = (counts[word] || 0) + 1; });
    var own = stats[entry.lang] = stats[entry.lang] || { entries: 0, length: 0, seen: {} };
    own.entries += 1;
    own.length += text.length;
    Object.keys(counts).forEach(function (word) { own.seen[word] = (own.seen[word] || 0) + 1; });
    // The index terms a rule defines (content/search.yaml) weigh like its title.
    var terms = (entry.terms || []).map(function (term) { return " " + stems(term, entry.lang).join(" ") + " "; });
    title = title.concat(stems((entry.terms || []).join(" "), entry.lang));
    return { entry: entry, id: entry.id.toLowerCase(), title: title, titleLine: " " + title.join(" ") + " ",
             terms: terms,
             textLine: " " + text.join(" ") + " ", counts: counts, words: Object.keys(counts), length: text.length };
  });
  Object.keys(stats).forEach(function (lang) { stats[lang].mean = stats[lang].length / stats[lang].entries; });

  // In how many entries of a language a phrase (" a b ") is.
  var phrases = {};
  function phraseSeen(lang, phrase) {
    var key = lang + phrase;
    if (!(key in phrases)) {
      phrases[key] = Math.max(1, prepared.filter(function (item) {
        return item.entry.lang === lang && item.textLine.indexOf(phrase) !== -1;
      }).length);
    }
    return phrases[key];
  }

  // Okapi BM25: how much ``times`` uses of a word in this entry say about it.
  function weight(item, word, times) {
    if (!times) { return 0; }
    var own = stats[item.entry.lang], seen = own.seen[word] || phraseSeen(item.entry.lang, word);
    var rarity = Math.log(1 + (own.entries - seen + 0.5) / (seen + 0.5));
    return rarity * times * 2.2 / (times + 1.2 * (0.25 + 0.75 * item.length / own.mean));
  }
  var byId = {};
  prepared.forEach(function (item) { byId[item.entry.lang + " " + item.id] = item.entry; });

  // The query as terms; each term is one or more ways to say it (synonyms), each a list of stems.
  function terms(query, lang) {
    var own = words[lang] || { synonyms: [], stop: [] };
    var tokens = split(query);
    var roots = tokens.map(function (word) { return stem(word, lang); });
    var groups = own.synonyms.map(function (group) {
      return group.map(function (phrase) { return stems(phrase, lang); });
    });
    var stop = {};
    own.stop.forEach(function (word) { stop[fold(word)] = true; });
    var found = [];
    for (var at = 0; at < tokens.length;) {
      // The longest synonym phrase starting here, if any.
      var match = null, length = 0;
      groups.forEach(function (group) {
        group.forEach(function (phrase) {
          if (phrase.length > length && roots.slice(at, at + phrase.length).join(" ") === phrase.join(" ")) {
            match = group; length = phrase.length;
          }
        });
      });
      if (match) {
        found.push({ ways: match, typed: tokens.slice(at, at + length) });
        at += length;
      } else {
        found.push({ ways: [[roots[at]]], typed: [tokens[at]], stop: !!stop[tokens[at]] });
        at += 1;
      }
    }
    var meaningful = found.filter(function (term) { return !term.stop; });
    return meaningful.length ? meaningful : found;
  }

  // How well one word matches an entry: in the title counts most, then in the text
  // (by BM25); a word may be the start of a longer one only when it is the last word
  // typed (still being typed), and a word not found may be a typing mistake of one.
  function wordScore(item, word, last) {
    var exactly = (item.title.indexOf(word) !== -1 ? 25 : 0) + 6 * weight(item, word, item.counts[word]);
    if (exactly) { return exactly; }
    var best = 0;
    function consider(other) {
      var value = 0.6 * ((item.title.indexOf(other) !== -1 ? 25 : 0) + 6 * weight(item, other, item.counts[other]));
      if (value > best) { best = value; }
    }
    item.title.concat(item.words).forEach(function (other) {
      if ((last && word.length >= 3 && other.indexOf(word) === 0) || close(word, other)) { consider(other); }
    });
    return best;
  }

  // How well one way of saying a term matches: a phrase counts most when its words
  // are in a row; else each of its words must be somewhere.
  function wayScore(item, way, last) {
    if (way.length > 1) {
      var phrase = " " + way.join(" ") + " ";
      if (item.titleLine.indexOf(phrase) !== -1 || item.terms.indexOf(phrase) !== -1) { return 60; }
      var times = item.textLine.split(phrase).length - 1;
      if (times) { return 15 + 6 * weight(item, phrase, times); }
    }
    var total = 0;
    for (var w = 0; w < way.length; w++) {
      var value = wordScore(item, way[w], last && w === way.length - 1);
      if (!value) { return 0; }
      total += value;
    }
    return (way.length > 1 ? 0.7 : 1) * total / way.length;
  }

  // The query as each language reads it: its terms and its stems in a row.
  function reading(query, lang) {
    return { terms: terms(query, lang), whole: " " + stems(query, lang).join(" ") + " ",
             ids: split(query).filter(function (word) { return RULE_ID.test(word); }) };
  }

  function score(item, read) {
    var list = read.terms, total = 0, matched = 0;
    list.forEach(function (term, number) {
      var best = 0;
      term.ways.forEach(function (way) {
        best = Math.max(best, wayScore(item, way, number === list.length - 1 && term.ways.length === 1));
      });
      if (best) { matched += 1; total += best; }
    });
    if (!matched) { return 0; }
    // Every term found counts most: a rule with all the words ranks above one with some.
    total *= Math.pow(matched / list.length, 2);
    // The whole query as the title, or in it, weighs as much again.
    // A rule ID among the words names this rule.
    if (read.ids.indexOf(item.id) !== -1) { total += 100; }
    var whole = read.whole;
    if (item.titleLine === whole || item.terms.indexOf(whole) !== -1) { total += 80; }
    else if (whole.trim() && item.titleLine.indexOf(whole) !== -1) { total += 40; }
    else if (whole.split(" ").length > 3 && item.textLine.indexOf(whole) !== -1) { total += 30; }
    return total;
  }

  // The rule an exact ID names (in the page's language first), or null.
  function exact(query, lang) {
    var id = RULE_ID.exec(query || "");
    if (!id) { return null; }
    var key = id[1].toLowerCase() + id[2];
    var any = prepared.filter(function (item) { return item.id === key; })[0];
    return byId[lang + " " + key] || (any ? any.entry : null);
  }

  // Every matching entry, best first: the page's language before the others. A rule
  // ID ("C4", "c4.7") lists that rule and the ones it holds first.
  function rank(query, lang) {
    query = (query || "").trim();
    if (!query) { return []; }
    var readings = {}, found = [];
    prepared.forEach(function (item, order) {
      var itemLang = item.entry.lang;
      if (!readings[itemLang]) { readings[itemLang] = reading(query, itemLang); }
      var value = score(item, readings[itemLang]);
      var id = RULE_ID.exec(query), key = id ? id[1].toLowerCase() + id[2] : null;
      var byRule = key && (item.id === key ? 2 : item.id.indexOf(key + ".") === 0 ? 1 : 0);
      if (value > 0 || byRule) {
        found.push({ entry: item.entry, score: value, own: itemLang === lang ? 1 : 0, rule: byRule || 0,
                     order: order });
      }
    });
    found.sort(function (a, b) {
      return (b.own - a.own) || (b.rule - a.rule) || (a.rule ? 0 : b.score - a.score) || (a.order - b.order);
    });
    return found.map(function (hit) { return hit.entry; });
  }

  // The typed words and their synonyms, folded, for highlighting.
  function highlights(query, lang) {
    var list = [];
    terms(query, lang).forEach(function (term) {
      term.ways.forEach(function (way) { list = list.concat(way); });
    });
    return list.filter(function (word) { return word.length > 1; });
  }

  window.SW28Search = { rank: rank, exact: exact, fold: fold, highlights: highlights };

  // -- the results page -------------------------------------------------------------
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var input = document.querySelector("[data-search-input]");
  if (!results || !status) { return; }
  var pageLang = results.getAttribute("data-lang");
  var MAX_RESULTS = 50;

  // Appends text to a node with every word that starts with a highlighted stem marked.
  function marked(node, text, stemsToMark) {
    var pattern = /[A-Za-z0-9\u00c0-\u024f]+/g, at = 0, found;
    while ((found = pattern.exec(text))) {
      var word = fold(found[0]);
      var hit = stemsToMark.some(function (stemmed) { return word.indexOf(stemmed) === 0; });
      if (!hit) { continue; }
      node.appendChild(document.createTextNode(text.slice(at, found.index)));
      var mark = document.createElement("mark");
      mark.textContent = found[0];
      node.appendChild(mark);
      at = found.index + found[0].length;
    }
    node.appendChild(document.createTextNode(text.slice(at)));
  }

  function snippet(text, stemsToMark) {
    var lower = fold(text), at = -1;
    for (var w = 0; w < stemsToMark.length && at === -1; w++) {
      var hit = new RegExp("(^|[^a-z0-9])" + stemsToMark[w].replace(/[^a-z0-9]/g, "")).exec(lower);
      if (hit) { at = hit.index; }
    }
    var start = Math.max(0, at - 60);
    // Start at a word, not inside one.
    if (start > 0) { start = text.indexOf(" ", start) + 1 || start; }
    var cut = text.slice(start, start + 200);
    return (start > 0 ? "…" : "") + cut + (start + 200 < text.length ? "…" : "");
  }

  function say(pattern, query, count) {
    status.textContent = pattern.replace("{query}", query).replace("{count}", String(count));
  }

  function show(query) {
    results.textContent = "";
    query = query.trim();
    if (!query) { status.textContent = ""; return; }
    var found = rank(query, pageLang);
    var count = found.length;
    say(status.getAttribute(count === 0 ? "data-none" : count === 1 ? "data-one" : "data-some"), query, count);
    found.slice(0, MAX_RESULTS).forEach(function (entry) {
      var toMark = highlights(query, entry.lang);
      var item = document.createElement("li");
      item.lang = entry.lang;
      var link = document.createElement("a");
      link.href = "../" + entry.url;
      link.className = "search-hit";
      var id = document.createElement("span");
      id.className = "rule-id";
      id.textContent = entry.id;
      link.appendChild(id);
      marked(link, " " + entry.title, toMark);
      var where = document.createElement("span");
      where.className = "search-where";
      where.textContent = entry.volume + " · " + entry.lang.toUpperCase();
      var text = document.createElement("p");
      text.className = "search-snippet";
      marked(text, snippet(entry.text, toMark), toMark);
      item.appendChild(link);
      item.appendChild(where);
      item.appendChild(text);
      results.appendChild(item);
    });
  }

  var query = new URLSearchParams(window.location.search).get("q") || "";
  // An exact rule ID typed into a search box goes straight to the rule.
  var target = exact(query, pageLang);
  if (target) {
    window.location.replace("../" + target.url);
    return;
  }
  if (input) {
    input.value = query;
    input.addEventListener("input", function () { show(input.value); });
  }
  show(query);
})();
