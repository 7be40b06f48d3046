// The table page: the seat's view, long-polled from the server, and its decisions.
// The page holds nothing but what the server sends the seat; every action is checked there.
(function () {
  "use strict";
  const app = document.getElementById("app");
  const tableId = app.dataset.table;
  const key = "ddz-table-" + tableId;
  let seat = null, token = null, view = null, deadline = null, nextAt = null;
  let selected = [];          // the chosen cards, as indexes into the hand's cards

  const LABELS = { PASS: "Pass", BID_1: "Bid 1", BID_2: "Bid 2", BID_3: "Bid 3", CALL: "Call",
                   ROB: "Rob", DOUBLE: "Double", NO_DOUBLE: "No double" };

  function element(tag, attributes, text) {
    const made = document.createElement(tag);
    Object.entries(attributes || {}).forEach(function ([name, value]) {
      made.setAttribute(name, value);
    });
    if (text !== undefined) made.textContent = text;
    return made;
  }
  function byId(id) { return document.getElementById(id); }
  function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
  function seatName(s) {
    const info = view && view.seats ? view.seats[s] : null;
    const who = s === seat ? "you" : info && info.name ? info.name : "";
    return "Seat " + s + (who ? " (" + who + ")" : "");
  }

  app.innerHTML = [
    '<h1 id="title">Table ' + tableId + '</h1>',
    '<div class="panel" id="join" hidden></div>',
    '<div class="row"><span id="status"></span><span id="countdown"></span>',
    '<span id="auto-note" hidden>Auto-play is on</span></div>',
    '<div id="board"></div>',
    '<div class="row" id="controls"></div>',
    '<div class="row" id="choices"></div>',
    '<p class="error" id="error"></p>',
    '<div class="panel" id="after-hand" hidden></div>',
    '<div class="panel"><div class="row" id="seat-buttons"></div>',
    '<table class="scores" id="scores"></table><ol id="events"></ol></div>'
  ].join("");

  async function send(verb, fields) {
    const body = Object.assign({ seat: seat, token: token }, fields || {});
    const answer = await fetch("/api/tables/" + tableId + "/" + verb,
                               { method: "POST", body: JSON.stringify(body) });
    const reply = await answer.json();
    if (!answer.ok) {
      byId("error").textContent = reply.error;
      return reply;
    }
    byId("error").textContent = "";
    render(reply);
    return reply;
  }

  // --- joining -------------------------------------------------------------------------------

  function showJoin() {
    const summary = JSON.parse(byId("summary").textContent);
    const join = byId("join");
    join.hidden = false;
    const free = summary.seats.map(function (s, i) { return s.kind === "free" ? i : -1; })
      .filter(function (i) { return i >= 0; });
    join.appendChild(element("h2", {}, free.length ? "Take a seat" : "This table is full"));
    const name = element("input", { id: "join-name", maxlength: "24", placeholder: "your name" });
    if (free.length) join.appendChild(name);
    free.forEach(function (s) {
      const button = element("button", { class: "primary join-seat", "data-seat": s },
                             "Sit at seat " + s);
      button.addEventListener("click", async function () {
        const answer = await fetch("/api/tables/" + tableId + "/join", {
          method: "POST", body: JSON.stringify({ seat: s, name: name.value }) });
        const made = await answer.json();
        if (!answer.ok) { byId("error").textContent = made.error; return; }
        sessionStorage.setItem(key, JSON.stringify({ seat: made.seat, token: made.token }));
        join.hidden = true;
        begin(made.seat, made.token);
      });
      join.appendChild(button);
    });
  }

  // --- the cards -----------------------------------------------------------------------------

  function ownCards() {
    return Array.from(document.querySelectorAll("#board .seat-" + seat + " .faces .card"));
  }
  function lift(card, up) {
    const place = /translate\(([-\d.]+),([-\d.]+)\)/.exec(card.getAttribute("transform"));
    if (!card.dataset.y) card.dataset.y = place[2];
    const y = Number(card.dataset.y) - (up ? 14 : 0);
    card.setAttribute("transform", "translate(" + place[1] + "," + y + ")");
    card.classList.toggle("selected", up);
  }
  function chosenCards() {
    const cards = ownCards();
    return selected.map(function (i) { return cards[i].dataset.rank; }).join("");
  }
  function hookCards() {
    const mine = view.phase === "play" && view.to_move === seat && !view.auto_play[seat];
    ownCards().forEach(function (card, index) {
      if (selected.indexOf(index) >= 0) lift(card, true);
      card.addEventListener("click", function () {
        if (!mine) return;
        const at = selected.indexOf(index);
        if (at >= 0) selected.splice(at, 1); else selected.push(index);
        lift(card, at < 0);
        drawControls();
      });
    });
  }

  // --- drawing -------------------------------------------------------------------------------

  function button(id, text, onClick, primary) {
    const made = element("button", { id: id, class: primary ? "primary" : "" }, text);
    made.addEventListener("click", onClick);
    return made;
  }

  function drawControls() {
    const controls = byId("controls");
    controls.innerHTML = "";
    if (!view || !view.started || view.to_move !== seat || view.phase === "over") return;
    if (view.auto_play[seat]) return;
    if (view.phase === "play") {
      const play = button("play", "Play", function () {
        send("act", { cards: chosenCards(), turn: view.turn }).then(choicesOf);
      }, true);
      play.disabled = selected.length === 0;
      controls.appendChild(play);
      const pass = button("pass", "Pass", function () {
        send("act", { action: "pass", turn: view.turn });
      });
      pass.disabled = !view.can_pass;
      controls.appendChild(pass);
      controls.appendChild(button("clear", "Clear", function () {
        selected = [];
        ownCards().forEach(function (card) { lift(card, false); });
        drawControls();
      }));
    } else {
      view.options.forEach(function (option) {
        const text = LABELS[option] || option.replace("SEAT_", "Partner: seat ");
        const made = button("option-" + option, text, function () {
          send("act", { action: option, turn: view.turn });
        }, option !== "PASS" && option !== "NO_DOUBLE");
        made.classList.add("option");
        made.dataset.action = option;
        controls.appendChild(made);
      });
    }
  }

  function choicesOf(reply) {
    const choices = byId("choices");
    choices.innerHTML = "";
    (reply.choices || []).forEach(function (text) {
      const made = button("", "Play " + text, function () {
        choices.innerHTML = "";
        send("act", { action: text, turn: view.turn });
      });
      made.classList.add("choice");
      choices.appendChild(made);
    });
  }

  function status() {
    if (!view.started) return "Waiting for people to take the free seats";
    if (view.match_over) return "The match is over";
    const turn = view.to_move === seat ? "your" : seatName(view.to_move) + "'s";
    const what = { bidding: "bid", doubling: "double or not", partner: "partner choice",
                   play: view.prev ? "turn to beat " + view.prev : "lead" }[view.phase];
    if (view.phase === "over") return "Hand " + view.hand_number + " is over";
    return "Hand " + view.hand_number + " of " + view.hands + ": " + turn + " " + what;
  }

  function drawAfterHand() {
    const after = byId("after-hand");
    after.innerHTML = "";
    after.hidden = !(view.started && view.phase === "over");
    if (after.hidden) return;
    const scores = view.scores.map(function (score, s) {
      return seatName(s) + " " + (score > 0 ? "+" : "") + score;
    }).join(", ");
    const winner = typeof view.winner === "number" ? seatName(view.winner) + " went out first"
      : view.winner === "landlord" ? "The landlord's side wins" : "The peasants win";
    after.appendChild(element("p", { id: "result" }, winner + ". " + scores + "."));
    const link = element("a", { id: "replay-link", target: "_blank",
      href: "/t/" + tableId + "/replay/" + view.replays[view.replays.length - 1] +
            "?seat=" + seat + "&token=" + encodeURIComponent(token) }, "Replay this hand");
    after.appendChild(link);
    if (!view.match_over) {
      const ready = view.ready.indexOf(seat) >= 0;
      const next = button("next", ready ? "Waiting for the others" : "Next hand", function () {
        send("ready");
      }, true);
      next.disabled = ready;
      after.appendChild(document.createTextNode(" "));
      after.appendChild(next);
    }
  }

  function drawSeats() {
    const scores = byId("scores");
    scores.innerHTML = "<tr><th>Seat</th><th>Who</th><th>Match score</th><th>Chips</th></tr>";
    view.seats.forEach(function (info, s) {
      const row = element("tr", {});
      const who = info.kind === "bot" ? "bot: " + info.name : info.kind === "free" ? "free seat"
        : info.name + (s === seat ? " (you)" : "") + (info.present ? "" : " · away");
      [String(s), who, view.match_scores ? String(view.match_scores[s]) : "-",
       view.stacks ? String(view.stacks[s]) : "-"].forEach(function (text) {
        row.appendChild(element("td", {}, text));
      });
      scores.appendChild(row);
    });
    const events = byId("events");
    events.innerHTML = "";
    (view.events || []).slice(-12).forEach(function (event) {
      const who = event.seat === null ? "" : "Seat " + event.seat + ": ";
      events.appendChild(element("li", {}, who + event.text));
    });
    const buttons = byId("seat-buttons");
    buttons.innerHTML = "";
    if (!view.started) {
      buttons.appendChild(element("span", {}, "Others join at "));
      buttons.appendChild(element("span", { class: "share" }, location.origin + "/t/" + tableId));
      buttons.appendChild(button("start", "Start now (bots take the free seats)", function () {
        send("start");
      }));
    } else if (view.phase !== "over" && !view.match_over) {
      if (view.auto_play[seat]) {
        buttons.appendChild(button("auto-off", "Turn auto-play off", function () {
          send("auto", { on: false });
        }, true));
      } else {
        buttons.appendChild(button("auto-on", "Auto-play", function () {
          send("auto", { on: true });
        }));
      }
      buttons.appendChild(button("leave", "Leave the hand", function () { send("leave"); }));
    }
  }

  function render(next) {
    const handChanged = !view || view.hand_number !== next.hand_number || view.turn !== next.turn;
    view = next;
    if (handChanged) selected = [];
    byId("title").textContent = "Table " + tableId + (view.rules ? " · " + view.rules : "");
    byId("status").textContent = view.failure || status();
    byId("auto-note").hidden = !(view.started && view.auto_play && view.auto_play[seat] &&
                                 view.phase !== "over");
    byId("board").innerHTML = view.svg || "";
    deadline = view.seconds_left === null || view.seconds_left === undefined ? null
      : performance.now() + view.seconds_left * 1000;
    nextAt = view.next_hand_in === null || view.next_hand_in === undefined ? null
      : performance.now() + view.next_hand_in * 1000;
    if (view.svg) hookCards();
    drawControls();
    drawAfterHand();
    drawSeats();
    tick();
  }

  function tick() {
    const countdown = byId("countdown");
    if (deadline !== null) {
      const left = Math.max(0, (deadline - performance.now()) / 1000);
      countdown.textContent = left.toFixed(1) + " s";
      countdown.classList.toggle("short", left < 5);
    } else if (nextAt !== null) {
      countdown.textContent = "next hand in " +
        Math.ceil(Math.max(0, (nextAt - performance.now()) / 1000)) + " s";
      countdown.classList.remove("short");
    } else {
      countdown.textContent = "";
    }
  }
  setInterval(tick, 100);

  async function poll() {
    let after = -1;
    for (;;) {
      try {
        const answer = await fetch("/api/tables/" + tableId + "/view?seat=" + seat + "&token=" +
                                   encodeURIComponent(token) + "&after=" + after);
        const reply = await answer.json();
        if (!answer.ok) {
          byId("error").textContent = reply.error;
          if (answer.status === 403 || answer.status === 404) return;
          await sleep(1000);
          continue;
        }
        render(reply);
        after = reply.version;
      } catch (error) {
        byId("error").textContent = "The connection was lost: trying again";
        await sleep(1000);
      }
    }
  }

  function begin(s, t) {
    seat = s;
    token = t;
    poll();
  }

  const saved = JSON.parse(sessionStorage.getItem(key) || "null");
  if (saved) begin(saved.seat, saved.token); else showJoin();
})();
