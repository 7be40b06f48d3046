// The replay page: steps through the recorded hand (buttons, arrow keys, the list of events).
(function () {
  "use strict";
  const steps = JSON.parse(document.getElementById("steps").textContent);
  const stage = document.getElementById("stage");
  const caption = document.getElementById("caption");
  const counter = document.getElementById("counter");
  const result = document.getElementById("result");
  const events = Array.from(document.querySelectorAll("#events li"));
  const last = steps.length - 1;
  let current = 0;

  function show(step) {
    current = Math.max(0, Math.min(last, step));
    stage.innerHTML = steps[current].svg;
    caption.textContent = steps[current].caption;
    counter.textContent = "Step " + current + " of " + last + " · ×" + steps[current].multiplier;
    result.hidden = current !== last;
    events.forEach(function (item) {
      item.classList.toggle("current", Number(item.dataset.step) === current);
    });
    document.getElementById("first").disabled = document.getElementById("prev").disabled =
      current === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled =
      current === last;
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  events.forEach(function (item) {
    item.addEventListener("click", function () { show(Number(item.dataset.step)); });
  });
  document.getElementById("view").addEventListener("change", function (event) {
    stage.dataset.view = event.target.value;
  });
  document.addEventListener("keydown", function (event) {
    if (event.target.tagName === "SELECT") return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) show(current + moves[event.key]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last);
    else return;
    event.preventDefault();
  });
  show(0);
})();
