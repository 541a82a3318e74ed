// The projector pages: scroll a long list slowly from top to bottom, pause, start again,
// and reload the page now and then so a new round or new results appear by themselves.
(function () {
  "use strict";
  var box = document.querySelector("[data-autoscroll]");
  var refreshEl = document.querySelector("[data-refresh]");
  var refresh = refreshEl ? parseInt(refreshEl.dataset.refresh, 10) || 30 : 30;

  // A long field is shown a page at a time: after a full pass, the next page (data-next).
  var next = box ? box.dataset.next : null;
  function reload() {
    if (next) window.location.assign(next);
    else window.location.reload();
  }

  if (!box || box.scrollHeight <= box.clientHeight + 4) {
    setTimeout(reload, refresh * 1000);
    return;
  }
  // About 40 px a second; hold 4 s at the top and at the bottom; reload after a full pass.
  var holding = 4000, speed = 40, last = null, waitUntil = Date.now() + holding;
  function step(now) {
    if (last === null) last = now;
    var dt = now - last;
    last = now;
    if (Date.now() >= waitUntil) {
      box.scrollTop += (speed * dt) / 1000;
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
        setTimeout(reload, holding);
        return;
      }
    }
    window.requestAnimationFrame(step);
  }
  window.requestAnimationFrame(step);
})();
