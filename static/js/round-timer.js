// Counts down to the round's end time; the page already shows that time without JS.
(function () {
  var el = document.getElementById("round-timer");
  if (!el || !el.dataset.ends) return;
  var ends = Date.parse(el.dataset.ends);
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var left = Math.round((ends - Date.now()) / 1000);
    var sign = left < 0 ? "−" : "";
    var s = Math.abs(left);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    el.textContent = sign + (h ? h + ":" + pad(m) : m) + ":" + pad(sec);
    el.classList.toggle("over", left < 0);
  }
  tick();
  setInterval(tick, 1000);
})();
