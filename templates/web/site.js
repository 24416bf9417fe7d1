// The site reads without this script; it only adds conveniences. Nothing here moves
// what is already on the screen: it sets attributes that only colour or overlay.
(function () {
  "use strict";
  var script = document.currentScript;
  var root = script ? new URL(".", script.src) : null;

  // The language switch goes to the same rule ID (or the same search) in the other language.
  document.querySelectorAll("a[data-keep-hash]").forEach(function (link) {
    var base = link.getAttribute("href").split("#")[0];
    function update() { link.setAttribute("href", base + window.location.search + window.location.hash); }
    update();
    window.addEventListener("hashchange", update);
  });

  // On a phone the contents fold again once a rule is chosen from them.
  var contents = document.querySelector("details[data-contents]");
  if (contents) {
    var narrow = window.matchMedia("(max-width: 60rem)");
    // Where a browser cannot show a closed <details>' content by style, open it beside the text.
    if (!narrow.matches && !(window.CSS && CSS.supports("selector(::details-content)"))) { contents.open = true; }
    contents.addEventListener("click", function (event) {
      if (narrow.matches && event.target.closest("a")) { contents.open = false; }
    });
  }

  // The contents mark the chapter or section being read.
  var links = {};
  document.querySelectorAll(".contents a[href^='#']").forEach(function (link) {
    links[decodeURIComponent(link.getAttribute("href").slice(1))] = link;
  });
  var current = null;
  function mark(id) {
    var link = links[id];
    if (!link || link === current) { return; }
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); }
    link.classList.add("current");
    link.setAttribute("aria-current", "location");
    current = link;
  }
  // The section being read is the last whose top has passed the reading line, a third
  // down the screen; checked once a frame at most while the page scrolls.
  var sections = document.querySelectorAll("section.chapter, section.rule");
  var pending = false;
  function follow() {
    pending = false;
    var line = window.innerHeight / 3, reading = null;
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getBoundingClientRect().top > line) { break; }
      reading = sections[i];
    }
    if (reading) { mark(reading.id); }
  }
  if (sections.length) {
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(follow); }
    }, { passive: true });
    window.addEventListener("hashchange", follow);
    follow();
  }

  // Tables wider than the screen show on which side they have more columns.
  function shade(scroller) {
    var more = [];
    if (scroller.scrollLeft > 1) { more.push("left"); }
    if (scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1) { more.push("right"); }
    scroller.parentNode.setAttribute("data-more", more.join(" "));
  }
  var scrollers = document.querySelectorAll(".table-frame > .table-scroll");
  scrollers.forEach(function (scroller) {
    scroller.addEventListener("scroll", function () { shade(scroller); }, { passive: true });
  });
  function shadeAll() { scrollers.forEach(shade); }
  shadeAll();
  window.addEventListener("resize", shadeAll);

  // "Copy link" copies the rule's address; where the clipboard is closed to the
  // page (a file on disk), the address bar shows the rule's link instead.
  var copied = document.body.getAttribute("data-copied");
  var toast = null;
  function say(text) {
    if (!toast) {
      toast = document.createElement("div");
      toast.className = "copy-toast";
      toast.setAttribute("role", "status");
      document.body.appendChild(toast);
    }
    toast.hidden = false;
    toast.textContent = text;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { toast.hidden = true; }, 2000);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-copy-link]");
    if (!link) { return; }
    var id = decodeURIComponent(link.getAttribute("href").slice(1));
    // Over http(s) the short link, which also survives the rule moving to another page.
    var address = /^https?:$/.test(window.location.protocol)
      ? new URL(id + "/", window.location.href).href
      : window.location.href.split("#")[0] + "#" + id;
    if (navigator.clipboard && window.isSecureContext) {
      event.preventDefault();
      history.replaceState(null, "", "#" + id);
      navigator.clipboard.writeText(address).then(function () { say(copied); }, function () {
        window.location.hash = id;
      });
    }
  });

  // The offline app: keeps the whole site once a page was opened over http(s).
  // Both need http(s): from a folder on disk a browser refuses to read them.
  if (root && /^https?:$/.test(window.location.protocol)) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = new URL("manifest.webmanifest", root).href;
    document.head.appendChild(manifest);
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(new URL("sw.js", root).href).catch(function () {});
    }
  }
})();
