// AgentWorld replay viewer: steps through a run directory's rounds (/run.json, built by
// agentworld/viewer/frames.py): the map with every agent, each agent's view, action and messages.
"use strict";

const $ = (id) => document.getElementById(id);
const viewer = { run: null, index: 0 };  // index: into run.rounds

function text(tag, content, className) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (className) el.className = className;
  return el;
}

function describe(action) {
  if (!action.tool) return `invalid action ${JSON.stringify(action.raw)}`;
  const args = action.args && Object.keys(action.args).length ? JSON.stringify(action.args) : "";
  return `${action.tool}(${args})`;
}

function positionsAt(index) {
  const positions = {};
  for (const frame of viewer.run.rounds.slice(0, index + 1)) {
    for (const turn of frame.turns) if (turn.action.position) positions[turn.agent] = turn.action.position;
    if (frame.end) Object.assign(positions, frame.end.positions);
  }
  const ordered = {};  // the agents' order fixes their colours
  for (const name of viewer.run.agents) if (positions[name]) ordered[name] = positions[name];
  return ordered;
}

function show(index) {
  const run = viewer.run;
  viewer.index = Math.max(0, Math.min(index, run.rounds.length - 1));
  const frame = run.rounds[viewer.index];
  $("slider").value = String(viewer.index + 1);
  $("round-label").textContent = `round ${frame.round} / ${run.task.max_rounds}`;
  history.replaceState(null, "", `#round=${frame.round}`);
  AgentMap.drawWorld($("world"), positionsAt(viewer.index));
  for (const [i, cell] of Array.from($("timeline").children).entries()) cell.classList.toggle("now", i === viewer.index);

  const chat = $("chat");
  chat.textContent = "";
  for (const turn of frame.turns) {
    const said = turn.action.chat;
    if (said) chat.appendChild(text("li", `${turn.agent} → ${[].concat(said.to || []).join(", ")}: ${said.message}`));
  }
  if (!chat.children.length) chat.appendChild(text("li", "no chat this round", "quiet"));
  const events = $("events");
  events.textContent = "";
  const reached = frame.turns.flatMap((t) => t.action.checkpoints.map((c) => `checkpoint ${c} reached by ${t.agent}`));
  for (const line of reached.concat(frame.end ? frame.end.checkpoints.map((c) => `checkpoint ${c} reached`) : [])
    .concat(frame.end ? frame.end.events : [])) events.appendChild(text("li", line));
  if (!events.children.length) events.appendChild(text("li", "nothing else happened", "quiet"));

  const box = $("agents");
  box.textContent = "";
  for (const turn of frame.turns) box.appendChild(agentCard(turn));
}

function agentCard(turn) {
  const view = turn.view, action = turn.action;
  const card = document.createElement("article");
  card.className = "agent";
  card.dataset.agent = turn.agent;
  const i = viewer.run.agents.indexOf(turn.agent);
  card.style.borderLeftColor = `hsl(${(i * 137) % 360}, 80%, 45%)`;  // drawWorld's colour for the agent
  const head = document.createElement("h3");
  head.append(text("span", turn.agent), text("span", `HP ${view.hp}/${view.max_hp}${view.alive ? "" : " · down"}`
    + ` · at (${view.position.join(", ")}) ${view.region || ""}`, "hp"));
  card.appendChild(head);
  card.appendChild(text("div", `${action.ok ? "✔" : "✘"} ${describe(action)} → ${action.ok ? action.result : action.error}`,
    `action${action.ok ? "" : " failed"}`));
  for (const c of action.checkpoints) card.appendChild(text("div", `★ reached checkpoint ${c}`, "checkpoint"));
  for (const m of view.messages || []) {
    card.appendChild(text("div", `heard [round ${m.round}] ${m.from} → ${(m.to || []).join(", ") || "you"}: ${m.text}`, "heard"));
  }
  const details = document.createElement("details");
  details.appendChild(text("summary", "what it saw before acting"));
  details.appendChild(text("pre", view.text));
  card.appendChild(details);
  return card;
}

function showReport(report) {
  const box = $("end-screen");
  box.classList.toggle("success", report.success);
  box.classList.toggle("failure", !report.success);
  const done = report.checkpoints.filter((c) => c.reached).length;
  $("end-outcome").textContent = report.success
    ? `Success — the task was done in round ${report.rounds} of ${report.max_rounds}`
    : `${report.outcome === "out of rounds" ? "Out of rounds" : "Stopped"} — ${done} of ${report.checkpoints.length} checkpoints reached`;
  $("end-summary").textContent = `Rounds played: ${report.rounds} / ${report.max_rounds} · checkpoints: ${done} / `
    + `${report.checkpoints.length} · progress ${Math.round((report.psr || 0) * 100)}%`;
  for (const c of report.checkpoints) {
    $("end-checkpoints").appendChild(text("li", c.reached ? `✓ ${c.name} (round ${c.round}${c.by ? ", " + c.by : ""})`
      : `✗ ${c.name}`, c.reached ? "reached" : "missed"));
  }
  const body = document.querySelector("#end-agents tbody");
  for (const a of report.agents) {
    const row = document.createElement("tr");
    const did = Object.entries(a.tools).map(([tool, n]) => `${tool} ×${n}`).join(", ");
    for (const value of [a.name, a.turns, a.failed, did || "—", a.checkpoints.join(", ") || "—",
      `${a.damage_dealt} / ${a.damage_taken}`, a.deaths]) row.appendChild(text("td", String(value)));
    body.appendChild(row);
  }
}

async function load() {
  const [map, run] = await Promise.all([fetch("/map.json").then((r) => r.json()), fetch("/run.json").then((r) => r.json())]);
  AgentMap.setWorld(map);
  viewer.run = run;
  $("title").textContent = `${run.task.id} · ${run.task.name} · seed ${run.seed} · ${run.dir}`;
  document.title = `AgentWorld replay: ${run.task.id}`;
  if (run.diverged_at !== null || run.unfinished) {
    $("warning").classList.remove("hidden");
    $("warning").textContent = run.diverged_at !== null
      ? `The re-simulation differs from the recorded trajectory at record ${run.diverged_at} (agentworld replay tells how).`
      : "This episode did not finish: these are the rounds saved before it stopped.";
  }
  $("slider").max = String(run.rounds.length);
  for (const [i, frame] of run.rounds.entries()) {
    const cell = text("span", String(frame.round));
    const reached = frame.turns.some((t) => t.action.checkpoints.length) || (frame.end && frame.end.checkpoints.length);
    if (reached) cell.classList.add("checkpoint");
    cell.addEventListener("click", () => show(i));
    $("timeline").appendChild(cell);
  }
  showReport(run.report);
  const asked = /round=(\d+)/.exec(location.hash);
  const start = asked ? run.rounds.findIndex((f) => f.round === Number(asked[1])) : 0;
  show(start < 0 ? 0 : start);
  window.agentworldViewer = viewer;
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(viewer.index - 1));
$("next").addEventListener("click", () => show(viewer.index + 1));
$("last").addEventListener("click", () => show(viewer.run.rounds.length - 1));
$("slider").addEventListener("input", () => show(Number($("slider").value) - 1));
$("end-toggle").addEventListener("click", () => $("end-screen").classList.toggle("hidden"));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "ArrowRight") show(viewer.index + 1);
  if (ev.key === "ArrowLeft") show(viewer.index - 1);
});
load();
