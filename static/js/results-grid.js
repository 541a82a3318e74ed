// The results grid: each row is checked by the engine as it is typed (a small POST to the
// row's check address, saving nothing); the answer is shown beside the row. Without
// JavaScript the grid still saves every row with Enter and shows refusals by their rows.
(function () {
  "use strict";
  var form = document.querySelector("form[data-results-grid]");
  if (!form) return;
  var token = form.querySelector("input[name=csrfmiddlewaretoken]");
  // A match's refusal about one game is shown beside that game's line.
  function lineNote(row, game) {
    var pk = row.id.slice(4);
    row.querySelectorAll(".grid-game .bad[data-live]").forEach(function (old) { old.remove(); });
    if (!game) return null;
    var label = document.getElementById("t" + pk + "-g" + game + "_label-" + pk);
    if (!label) return null;
    var note = document.createElement("span");
    note.className = "bad";
    note.setAttribute("data-live", "");
    label.parentNode.appendChild(note);
    return note;
  }
  function check(row) {
    var data = new FormData();
    row.querySelectorAll("input, select").forEach(function (field) {
      if (!field.name || (field.type === "checkbox" && !field.checked)) return;
      data.append(field.name, field.value);
    });
    var out = document.getElementById("check-" + row.id.slice(4));
    fetch(row.dataset.checkUrl, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token ? token.value : "" }
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!out) return;
        var line = lineNote(row, body.game);
        out.textContent = line ? "" : body.message || "";
        out.className = "small " + (body.ok ? "ok" : "bad");
        if (line) line.textContent = body.message || "";
        row.classList.toggle("disputed", !body.ok);
      });
    }).catch(function () { /* offline: the save still checks every row */ });
  }
  form.querySelectorAll("tbody tr[data-check-url]").forEach(function (row) {
    var timer = null;
    function later() {
      clearTimeout(timer);
      timer = setTimeout(function () { check(row); }, 300);
    }
    row.addEventListener("input", later);
    row.addEventListener("change", later);
  });
})();
