// The offline app: keeps every file of the site, so the rules open without signal.
// self.SW28_OFFLINE (written above this code at build time) lists the files and the
// site's version; a new version installs a fresh copy and drops the old one.
(function () {
  "use strict";
  var offline = self.SW28_OFFLINE;
  var CACHE = "sw28-" + offline.version;
  var scope = new URL(self.registration.scope);
  // With signal, a page comes from the network (the newest rules); with none, or
  // too little to answer within this time, from the copy kept here.
  var PATIENCE_MS = 2500;

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.addAll(offline.files.map(function (file) {
        return new Request(new URL(file, scope).href, { cache: "reload" });
      }));
    }).then(function () { return self.skipWaiting(); }));
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("sw28-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); }));
  });

  // "en/C4.7/" is the short link's folder: its page is index.html.
  function kept(request) {
    var url = new URL(request.url);
    url.hash = "";
    if (url.pathname.slice(-1) === "/") { url.pathname += "index.html"; }
    return caches.open(CACHE).then(function (cache) {
      // A search page's query is read by its script: the page is the same file.
      return cache.match(url.href, { ignoreSearch: true });
    });
  }

  function fromNetwork(request) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(new Error("no answer in time")); }, PATIENCE_MS);
      fetch(request).then(function (response) { clearTimeout(timer); resolve(response); },
                          function (error) { clearTimeout(timer); reject(error); });
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== scope.origin) { return; }
    event.respondWith(fromNetwork(request).then(function (response) {
      return response.ok ? response : kept(request).then(function (copy) { return copy || response; });
    }, function () {
      return kept(request).then(function (copy) {
        if (copy) { return copy; }
        if (request.mode === "navigate") {
          return caches.open(CACHE).then(function (cache) { return cache.match(new URL("404.html", scope).href); });
        }
        return Response.error();
      });
    }));
  });
})();
