// Small behaviours for every page, wired by data- attributes (no inline scripts: the CSP
// forbids them). Each one is optional: without JavaScript the page still works.
(function () {
  "use strict";

  // <button data-print>: print the page.
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  // <input data-filter="#id">: hide rows of #id whose data-names do not contain the text.
  document.querySelectorAll("input[data-filter]").forEach(function (input) {
    var target = document.querySelector(input.dataset.filter);
    if (!target) return;
    var rows = target.querySelectorAll("[data-names]");
    var status = document.getElementById(input.dataset.status || "");
    var fold = function (text) {
      return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    };
    function apply() {
      var q = fold(input.value.trim());
      var shown = 0;
      rows.forEach(function (row) {
        var match = !q || fold(row.dataset.names).indexOf(q) !== -1;
        row.hidden = !match;
        if (match) shown += 1;
      });
      if (status) status.textContent = status.dataset.template.replace("%s", shown);
    }
    input.addEventListener("input", apply);
    if (input.form) {
      input.form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
    }
    apply();
  });

  // <span data-countdown="ISO time">: count down to that time, m:ss.
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  document.querySelectorAll("[data-countdown]").forEach(function (el) {
    var ends = Date.parse(el.dataset.countdown);
    if (isNaN(ends)) return;
    function tick() {
      var left = Math.round((ends - Date.now()) / 1000);
      var s = Math.abs(left);
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
      el.textContent = (left < 0 ? "−" : "") + (h ? h + ":" + pad(m) : m) + ":" + pad(sec);
      el.classList.toggle("over", left < 0);
    }
    tick();
    setInterval(tick, 1000);
  });
})();

// The event form: show only the chosen game's settings and formats.
(function () {
  "use strict";
  var form = document.querySelector("form[data-event-form]");
  if (!form) return;
  var game = form.querySelector("#id_game");
  var format = form.querySelector("#id_format_key");
  function apply() {
    var chosen = game.value;
    form.querySelectorAll("[data-game]").forEach(function (field) {
      field.hidden = field.dataset.game !== chosen;
    });
    if (format && format.tagName === "SELECT") {
      format.querySelectorAll("option").forEach(function (option) {
        var key = option.value.split(":")[0];
        option.hidden = Boolean(option.value) && key !== chosen;
        if (option.hidden && option.selected) format.value = "";
      });
      format.querySelectorAll("optgroup").forEach(function (group) {
        group.hidden = !group.querySelector("option:not([hidden])");
      });
    }
  }
  if (game) {
    game.addEventListener("change", apply);
    apply();
  }
  // Choosing a preset picks its game (the server does the same when the game is left
  // at "the preset's game").
  var preset = form.querySelector("#id_preset[data-preset-games]");
  if (preset && game) {
    var games = JSON.parse(preset.dataset.presetGames);
    preset.addEventListener("change", function () {
      if (games[preset.value]) {
        game.value = games[preset.value];
        apply();
      }
    });
  }
})();

// The result form's "Count the Free Council": typing a number there means using the count
// (without JavaScript the player ticks the box himself).
(function () {
  "use strict";
  document.querySelectorAll("details.council").forEach(function (section) {
    var toggle = section.querySelector("[data-council-toggle]");
    if (!toggle) return;
    section.addEventListener("input", function (e) {
      if (e.target !== toggle) toggle.checked = true;
    });
  });
})();
