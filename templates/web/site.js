// The site reads without this script; it only adds conveniences.
(function () {
  "use strict";
  // The language switch goes to the same rule ID (or the same search) in the other language.
  document.querySelectorAll("a[data-keep-hash]").forEach(function (link) {
    var base = link.getAttribute("href").split("#")[0];
    function update() { link.setAttribute("href", base + window.location.search + window.location.hash); }
    update();
    window.addEventListener("hashchange", update);
  });
  // On a phone the contents start folded, so the rules come first.
  var contents = document.querySelector("details[data-contents]");
  if (contents && window.matchMedia("(max-width: 60rem)").matches) {
    contents.open = false;
    contents.addEventListener("click", function (event) {
      if (event.target.closest("a")) { contents.open = false; }
    });
  }
})();
