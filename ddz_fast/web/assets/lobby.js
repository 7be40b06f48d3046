// The lobby: make a table (rules, seats, hands, chips) or join one that has a free seat.
(function () {
  "use strict";
  const options = JSON.parse(document.getElementById("options").textContent);
  const lobby = document.getElementById("lobby");

  function element(tag, attributes, text) {
    const made = document.createElement(tag);
    Object.entries(attributes || {}).forEach(function ([key, value]) {
      made.setAttribute(key, value);
    });
    if (text !== undefined) made.textContent = text;
    return made;
  }

  lobby.appendChild(element("h1", {}, "Dou Dizhu and Run Fast: a table to play at"));
  const form = element("form", { class: "panel", id: "create" });
  lobby.appendChild(form);
  form.appendChild(element("h2", {}, "A new table"));
  const rulesRow = element("div", { class: "row" });
  rulesRow.appendChild(element("label", { for: "rules" }, "Rules"));
  const rules = element("select", { id: "rules" });
  Object.keys(options.presets).forEach(function (name) {
    rules.appendChild(element("option", { value: name }, name));
  });
  rulesRow.appendChild(rules);
  const sides = element("select", { id: "sides" });
  ["alone", "partner"].forEach(function (s) { sides.appendChild(element("option", { value: s }, s)); });
  const sidesLabel = element("label", { for: "sides" }, "Landlord plays");
  rulesRow.appendChild(sidesLabel);
  rulesRow.appendChild(sides);
  form.appendChild(rulesRow);

  const seatsRow = element("div", { class: "row", id: "seats" });
  form.appendChild(seatsRow);

  const moreRow = element("div", { class: "row" });
  moreRow.appendChild(element("label", { for: "hands" }, "Hands"));
  const hands = element("input", { id: "hands", type: "number", min: "1", max: "100", value: "6" });
  moreRow.appendChild(hands);
  moreRow.appendChild(element("label", { for: "chips" }, "Chips each (empty: none)"));
  const chips = element("input", { id: "chips", type: "number", min: "1", placeholder: "none" });
  moreRow.appendChild(chips);
  moreRow.appendChild(element("label", { for: "name" }, "Your name"));
  const name = element("input", { id: "name", maxlength: "24" });
  moreRow.appendChild(name);
  form.appendChild(moreRow);
  const submit = element("button", { class: "primary", type: "submit", id: "create-table" },
                         "Sit down");
  form.appendChild(submit);
  const error = element("p", { class: "error", id: "error" });
  form.appendChild(error);

  function drawSeats() {
    const preset = options.presets[rules.value];
    seatsRow.innerHTML = "";
    for (let seat = 0; seat < preset.players; seat++) {
      seatsRow.appendChild(element("label", { for: "seat-" + seat }, "Seat " + seat));
      const choice = element("select", { id: "seat-" + seat, class: "seat-choice" });
      if (seat === 0) {
        choice.appendChild(element("option", { value: "human" }, "you"));
      } else {
        preset.bots.forEach(function (bot) {
          choice.appendChild(element("option", { value: bot }, "bot: " + bot));
        });
        choice.appendChild(element("option", { value: "human" }, "a person (joins by link)"));
        if (preset.bots.indexOf("greedy") >= 0) choice.value = "greedy";
      }
      seatsRow.appendChild(choice);
    }
    const four = preset.players === 4;
    sides.hidden = sidesLabel.hidden = !four;
    chips.disabled = preset.game === "runfast";
  }
  rules.addEventListener("change", drawSeats);
  drawSeats();

  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    const seats = Array.from(document.querySelectorAll(".seat-choice")).map(function (s) {
      return s.value;
    });
    const request = { rules: rules.value, seats: seats, hands: Number(hands.value),
                      name: name.value };
    if (options.presets[rules.value].players === 4) request.sides = sides.value;
    if (chips.value && !chips.disabled) request.chips = Number(chips.value);
    const answer = await fetch("/api/tables", { method: "POST", body: JSON.stringify(request) });
    const made = await answer.json();
    if (!answer.ok) { error.textContent = made.error; return; }
    sessionStorage.setItem("ddz-table-" + made.table,
                           JSON.stringify({ seat: made.seat, token: made.token }));
    location.href = made.page;
  });

  const open = element("section", { class: "panel", id: "open-tables" });
  open.appendChild(element("h2", {}, "Tables with a free seat"));
  const list = element("ul", {});
  open.appendChild(list);
  lobby.appendChild(open);
  fetch("/api/tables").then(function (r) { return r.json(); }).then(function (tables) {
    tables.filter(function (t) {
      return t.seats.some(function (s) { return s.kind === "free"; });
    }).forEach(function (t) {
      const item = element("li", {});
      const link = element("a", { href: "/t/" + t.table }, "table " + t.table);
      item.appendChild(link);
      item.appendChild(document.createTextNode(" · " + t.rules + " · " + t.hands + " hands"));
      list.appendChild(item);
    });
    if (!list.children.length) list.appendChild(element("li", {}, "none yet"));
  });
})();
