// Live pages: poll the event's small version answer (ETag / If-None-Match, 304 while
// unchanged) and reload the page when the event changed: a round paired, a result in,
// the clock started or paused. Never while someone is typing on the page, nor while the
// tab is hidden. No framework; without JavaScript the page is simply not live.
(function () {
  "use strict";
  var marker = document.querySelector("[data-live]");
  if (!marker || !window.fetch) return;
  var url = marker.dataset.live;
  var every = (parseInt(marker.dataset.liveSeconds, 10) || 15) * 1000;
  var etag = null;
  var typing = false;
  document.addEventListener("input", function () { typing = true; });
  function busy() {
    var el = document.activeElement;
    return typing || (el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && el.type !== "submit");
  }
  function poll() {
    if (document.hidden) return;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" })
      .then(function (response) {
        if (response.status !== 200) return;
        var fresh = response.headers.get("ETag");
        if (etag && fresh && fresh !== etag && !busy()) {
          window.location.reload();
          return;
        }
        etag = fresh || etag;
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ });
  }
  poll();
  setInterval(poll, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
})();
