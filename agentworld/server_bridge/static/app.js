// AgentWorld browser pages over the game server's websocket (the same JSON protocol as every
// other client, see docs/PROTOCOL.md). Two modes:
//  - seat (/): a person plays one agent and sees only what that agent may know. The page never
//    spectates: it joins with `feed: true`, so the server sends only the seat's own view.
//  - spectator (/spectate): everything, every agent's actions and chat, the whole map.
"use strict";

const $ = (id) => document.getElementById(id);
const SPECTATOR = location.pathname === "/spectate";
// a private server's spectator link carries its token (?token=...); spectate and history send it
const WATCH_TOKEN = SPECTATOR ? new URLSearchParams(location.search).get("token") || undefined : undefined;
const state = {
  ws: null, seat: null, nextId: 1, myTurn: false, seen: new Set(), agents: [], teammates: [],
  round: 1, maxRounds: null, over: false, observation: null, episode: null, tools: [],
  positions: {}, roundMarks: {}, turns: 0,  // turns: how many turns this page was given (tests wait on it)
  hp: null, alive: true, marks: [], deathText: null, respawnText: null, report: null, revived: false,
};
// The action bar: these tools first, in this order; the others fold under "more tools".
const COMMON_TOOLS = ["move_to", "gather", "attack", "craft", "give", "talk", "pick_up", "use", "equip", "inspect", "wait"];

function send(message) {
  message.id = state.nextId++;
  state.ws.send(JSON.stringify(message));
}

// Errors are small toasts in a corner (click to dismiss; they also fade after 8 s).
function showError(text) {
  const line = document.createElement("div");
  line.textContent = text;
  line.addEventListener("click", () => line.remove());
  $("errors").appendChild(line);
  while ($("errors").children.length > 3) $("errors").firstChild.remove();
  setTimeout(() => line.remove(), 8000);
}

function setTurn(mine) {
  state.myTurn = mine;
  $("turn-badge").classList.toggle("hidden", !mine);
  document.body.classList.toggle("not-my-turn", !mine);  // dims the action buttons
}

// ------------------------------------------------------------------ status line

// `round` is the round being played; once the game is over it is the last round played.
function showStatus(round, turn, status) {
  if (status && status.max_rounds) state.maxRounds = status.max_rounds;
  if (status && (status.done || status.truncated)) state.over = true;
  if (round) state.round = round;
  let text = `round ${state.round}`;
  if (state.maxRounds) text += ` / ${state.maxRounds}`;
  if (state.over) {
    text += status && status.success ? " · SUCCESS" : " · episode over";
  } else if (turn) {
    text += ` · turn: ${turn}`;
  }
  $("status").textContent = text;
}

// A status whose round counter moved past the last round played (after end_round).
function lastPlayedRound(status) {
  return status && (status.done || status.truncated) ? Math.max(1, status.round - 1) : status && status.round;
}

// ------------------------------------------------------------------ observation, chat, map

// `fresh`: a new observation from the server (not the same one drawn again after the map arrived);
// `turnStart`: it opens the seat's turn, so the HP change shown is the change since its last turn.
function showObservation(obs, fresh = true, turnStart = false) {
  if (obs === undefined || obs === null) return;
  state.observation = obs;
  if (fresh) showVitals(obs, turnStart);
  $("observation").textContent = typeof obs.text === "string" ? obs.text : JSON.stringify(obs, null, 2);
  for (const m of obs.messages || []) {
    // an agent's inbox is repeated in each observation until its turn: show each message once
    const to = Array.isArray(m.to) ? m.to.join(",") : m.to;
    addChat(m.round, m.from, to, m.text, false);
  }
  if (obs.position) {
    AgentMap.drawView($("map"), obs, state.marks);
    AgentMap.drawMinimap($("minimap"), obs.position);
  }
  updatePickers();
  markUsable(obs);
}

// ------------------------------------------------------------------ HP, news, death and respawn

function showVitals(obs, turnStart) {
  if (typeof obs.hp !== "number") return;
  const hp = obs.hp, max = Math.max(obs.max_hp || hp, 1), alive = obs.alive !== 0;
  const fillBar = $("hp-fill");
  fillBar.style.width = `${Math.round((100 * hp) / max)}%`;
  fillBar.classList.toggle("low", hp / max <= 0.5 && hp / max > 0.25);
  fillBar.classList.toggle("critical", hp / max <= 0.25);
  $("hp-text").textContent = `HP ${hp} / ${max}` + (alive ? "" : " · down");
  if (turnStart && state.hp !== null) {  // what the others and the world did to the seat's HP
    const change = hp - state.hp;
    $("hp-change").textContent = !alive ? "you are down" : change > 0 && !state.alive ? "respawned: full HP"
      : change === 0 ? "" : `${change > 0 ? "+" : "−"}${Math.abs(change)} HP since your last turn`;
    $("hp-change").className = change < 0 || !alive ? "hit" : "heal";
  }
  state.hp = hp;
  if (!state.alive && alive) state.revived = true;  // down before, up now: a respawn, whatever the news says
  state.alive = alive;
  showNotice(obs);
}

// The engine's "Since your last turn" lines, read from the observation text (generic: any line is
// shown; hits, deaths and respawns are recognised by their words to colour them and mark the map).
function newsLines(obs) {
  const lines = typeof obs.text === "string" ? obs.text.split("\n") : [];
  const start = lines.indexOf("Since your last turn:");
  if (start < 0) return [];
  const news = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("  - ")) break;
    news.push(line.slice(4));
  }
  return news;
}

function newsKind(line) {
  if (/\b(killed|died|slain|knocked out|defeated|you are down)\b/i.test(line)) return "death";
  if (/\b(you respawned|respawned|back on your feet)\b/i.test(line)) return "respawn";
  if (/\bhit you\b/i.test(line)) return "hit";
  if (/\b(healed|gave you)\b/i.test(line)) return "heal";
  return "other";
}

// At the start of a turn: what changed since the last one goes at the top, in the feed and on the map.
function showNews(obs) {
  if (!obs) return;
  const news = newsLines(obs);
  const list = $("news-list");
  list.textContent = "";
  state.respawnText = null;
  let hits = 0;
  for (const line of news) {
    const kind = newsKind(line);
    const li = document.createElement("li");
    li.className = kind;
    li.textContent = line;
    list.appendChild(li);
    const icon = { death: "☠", respawn: "↺", hit: "⚔", heal: "♥", other: "•" }[kind];
    addNote(`news:${line}`, kind, `${icon} ${line}`);
    const amount = /\bhit you for (\d+)/i.exec(line);
    if (amount) hits += Number(amount[1]);
    if (kind === "death") state.deathText = line;
    if (kind === "respawn") state.respawnText = line;
  }
  if (obs.last_error) {
    const li = document.createElement("li");
    li.className = "hit";
    li.textContent = `your last action failed: ${obs.last_error}`;
    list.appendChild(li);
  }
  $("news").classList.toggle("hidden", list.children.length === 0);
  if (hits && obs.position) state.marks.push({ x: obs.position[0], y: obs.position[1], text: `−${hits}`, kind: "hit" });
  if (state.revived && !state.respawnText) {  // the news had no respawn line the page recognises
    state.respawnText = `round ${obs.round}: you are back at (${obs.position.join(", ")})`;
    addNote(`revived:${obs.round}`, "respawn", `↺ ${state.respawnText}`);
  }
  state.revived = false;
  if (state.respawnText) state.deathText = null;
  showNotice(obs);
}

function showNotice(obs) {
  const box = $("notice");
  if (obs.alive === 0) {
    box.className = "death";
    const why = state.deathText ? ` — ${state.deathText.replace(/[.;\s]+$/, "")}` : "";
    box.textContent = `☠ You are down${why}. Until you respawn you can only wait.`;
  } else if (state.respawnText) {
    box.className = "respawn";
    box.textContent = `↺ ${state.respawnText}: back on your feet with full HP.`;
  } else {
    box.className = "hidden";
    box.textContent = "";
  }
}

// A line of the seat's own feed that is not a trajectory record (news, heals), shown once.
function addNote(key, kind, text) {
  if (state.seen.has(key)) return;
  state.seen.add(key);
  const li = document.createElement("li");
  li.className = kind;
  li.textContent = text;
  $("feed").appendChild(li);
  $("feed").scrollTop = $("feed").scrollHeight;
}

// What the seat's own action did to HP: a heal of its own (eating) in the bar, the feed and on the map;
// damage it dealt, a mark over each target it hit. Read from the action's events (kind, target, amount).
function markDealt(record) {
  const nearby = (state.observation && state.observation.nearby) || [];
  const me = state.observation && state.observation.position;
  for (const event of record.events || []) {
    if (event.kind === "heal" && event.target === state.seat && event.amount) {
      $("hp-change").textContent = `+${event.amount} HP`;
      $("hp-change").className = "heal";
      const max = (state.observation && state.observation.max_hp) || "?";
      addNote(`heal:${record.id}`, "heal", `r${record.round} ♥ you healed +${event.amount}`
        + (event.hp !== undefined ? ` (HP ${event.hp}/${max})` : ""));
      if (me) state.marks.push({ x: me[0], y: me[1], text: `+${event.amount}`, kind: "heal", turn: state.turns });
    }
    if (event.kind !== "damage" || event.agent !== state.seat || !event.amount) continue;
    const target = nearby.find((e) => e.id === event.target);
    if (target && target.position) {
      state.marks.push({ x: target.position[0], y: target.position[1], text: `−${event.amount}`, kind: "dealt",
        turn: state.turns });
    }
  }
}

// Tools the observation's tool_mask says cannot succeed now are dimmed (still usable: it may lean wrong).
function markUsable(obs) {
  const names = (AgentMap.world && AgentMap.world.tool_names) || [];
  const mask = obs.tool_mask || [];
  for (const form of document.querySelectorAll("#tools form")) {
    const i = names.indexOf(form.dataset.tool);
    form.classList.toggle("unusable", i >= 0 && mask[i] === 0);
  }
}

// ------------------------------------------------------------------ end screen

function showReport(report) {
  if (!report) return;
  state.report = report;
  const box = $("end-screen");
  box.classList.remove("hidden");
  box.classList.toggle("success", !!report.success);
  box.classList.toggle("failure", !report.success);
  const done = report.checkpoints.filter((c) => c.reached).length;
  $("end-outcome").textContent = report.success
    ? `Success — the task was done in round ${report.rounds} of ${report.max_rounds}`
    : `${report.outcome === "out of rounds" ? "Out of rounds" : "Stopped"} — ${done} of ${report.checkpoints.length} checkpoints reached`;
  $("end-summary").textContent = `Rounds played: ${report.rounds} / ${report.max_rounds} · checkpoints: ${done} / `
    + `${report.checkpoints.length}` + (typeof report.psr === "number" ? ` · progress ${Math.round(report.psr * 100)}%` : "");
  const list = $("end-checkpoints");
  list.textContent = "";
  for (const c of report.checkpoints) {
    const li = document.createElement("li");
    li.className = c.reached ? "reached" : "missed";
    li.textContent = c.reached ? `✓ ${c.name} (round ${c.round}${c.by ? ", " + c.by : ""})` : `✗ ${c.name}`;
    list.appendChild(li);
  }
  const body = document.querySelector("#end-agents tbody");
  body.textContent = "";
  for (const a of report.agents) {
    const row = document.createElement("tr");
    const did = Object.entries(a.tools).map(([tool, n]) => `${tool} ×${n}`).join(", ");
    const cells = [a.name + (a.name === state.seat ? " (you)" : ""), a.turns, a.failed, did || "—",
      a.checkpoints.join(", ") || "—", `${a.damage_dealt} / ${a.damage_taken}`, a.deaths];
    for (const value of cells) {
      const td = document.createElement("td");
      td.textContent = String(value);
      row.appendChild(td);
    }
    body.appendChild(row);
  }
}

function addChat(round, from, to, text, mine) {
  const key = JSON.stringify([round, from, to, text]);
  if (state.seen.has(key)) return;
  state.seen.add(key);
  const line = document.createElement("div");
  if (mine) line.className = "mine";
  line.textContent = `[round ${round}] ${from} → ${to}: ${text}`;
  $("chat-log").appendChild(line);
  $("chat-log").scrollTop = $("chat-log").scrollHeight;
}

function showBriefing(seat, briefing) {
  const box = $("briefing");
  box.textContent = "";
  const head = document.createElement("p");
  head.textContent = `${briefing.role || seat}: ${briefing.objective || ""}`;
  box.appendChild(head);
  if (briefing.context) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Your documentation";
    const body = document.createElement("pre");
    body.textContent = briefing.context;
    details.append(summary, body);
    box.appendChild(details);
  }
  state.teammates = (briefing.teammates || []).map((t) => (typeof t === "string" ? t : t.name));
  if (briefing.max_rounds) state.maxRounds = briefing.max_rounds;
}

// ------------------------------------------------------------------ feed

function describeArgs(args) {
  if (!args || Object.keys(args).length === 0) return "";
  return JSON.stringify(args);
}

function addFeed(record) {
  if (record.type === "action" && record.position && record.agent) {
    state.positions[record.agent] = record.position;
  }
  if (record.type === "action" && !record.tool && record.agent !== state.seat && !SPECTATOR) {
    // another seat's turn passed (the seat view says no more): only the status line moves on
    const next = state.agents[state.agents.indexOf(record.agent) + 1];
    showStatus(record.round, next || null, null);
    return;
  }
  const li = document.createElement("li");
  if (record.type === "round_end") {
    li.className = "round";
    li.textContent = `— round ${record.round} ended —`;
    if ((record.checkpoints || []).length) state.roundMarks[record.round] = "checkpoint";
    else state.roundMarks[record.round] = state.roundMarks[record.round] || "played";
    const status = record.status || {};
    showStatus(lastPlayedRound(status) || record.round + 1, state.agents[0], status);
  } else {
    // the next seat in the round-robin is up (the round end, if this was the last, follows)
    const next = state.agents[state.agents.indexOf(record.agent) + 1];
    showStatus(record.round, next || null, null);
    if ((record.checkpoints || []).length) state.roundMarks[record.round] = "checkpoint";
    li.className = record.ok ? "ok" : "failed";
    const outcome = record.ok ? (record.result || "") : `error: ${record.error}`;
    li.textContent = `r${record.round} ${record.agent}: ${record.tool || "?"}(${describeArgs(record.args)})`
      + (record.result !== undefined || record.error !== undefined ? ` → ${outcome}` : "");
    if (record.tool === "chat" && record.ok && record.args) {
      const to = Array.isArray(record.args.to) ? record.args.to.join(",") : record.args.to;
      addChat(record.round, record.agent, to, record.args.message, record.agent === state.seat);
    }
  }
  $("feed").appendChild(li);
  $("feed").scrollTop = $("feed").scrollHeight;
  if (SPECTATOR) drawSpectator();
}

function drawSpectator() {
  AgentMap.drawWorld($("world"), state.positions);
  const line = $("timeline");
  line.textContent = "";
  for (let r = 1; r <= (state.maxRounds || state.round); r++) {
    const cell = document.createElement("span");
    cell.textContent = r;
    cell.className = state.roundMarks[r] || "";
    if (r === state.round && !state.over) cell.classList.add("now");
    line.appendChild(cell);
  }
}

// ------------------------------------------------------------------ tools, pickers, map clicks

// Where a tool argument's choices come from (by argument name, then tool).
function choicesFor(tool, arg) {
  const obs = state.observation || {};
  const nearby = obs.nearby || [];
  const ofKind = (...kinds) => nearby.filter((e) => kinds.includes(e.kind)).map((e) => [e.id, `${e.name} (${e.kind})`]);
  const inventory = (obs.inventory || []).map((i) => [i.item, `x${i.count}`]);
  const world = AgentMap.world || {};
  if (arg === "target") {
    if (tool === "gather") return ofKind("node");
    if (tool === "attack") return ofKind("mob", "player");
    if (tool === "pick_up") return ofKind("ground");
    if (tool === "inspect") return nearby.map((e) => [e.id, e.kind]).concat(inventory);
    const landmarks = (world.landmarks || []).map((l) => [l.id, `landmark: ${l.name}`]);
    return nearby.filter((e) => e.kind !== "landmark").map((e) => [e.id, `${e.name} (${e.kind})`]).concat(landmarks);
  }
  if (arg === "npc") return ofKind("npc");
  if (arg === "site") return ofKind("site");
  if (arg === "item") return inventory;
  if (arg === "recipe") {
    const have = Object.fromEntries((obs.inventory || []).map((i) => [i.item, i.count]));
    const ready = (r) => Object.entries(r.inputs).every(([item, n]) => (have[item] || 0) >= n);
    const recipes = (world.recipes || []).slice().sort((a, b) => ready(b) - ready(a));
    return recipes.map((r) => [r.id, `${ready(r) ? "✓ " : ""}${r.name}${r.station ? " @ " + r.station : ""}`]);
  }
  if (arg === "to") return state.teammates.map((t) => [t, "teammate"]).concat(tool === "chat" ? [["team", "everyone"]] : []);
  if (arg === "slot") return (world.slots || []).map((s) => [s, (obs.equipment || {})[s] || "empty"]);
  if (arg === "offer_id") return (obs.offers || []).map((o) => [String(o.id), `from ${o.from}`]);
  return [];
}

// Each tool field has a picker (a select listing the choices; picking one fills the field) and a
// datalist (the same choices as suggestions while typing). Fields with no choices hide the picker.
function updatePickers() {
  for (const list of document.querySelectorAll("datalist[data-tool]")) {
    const choices = choicesFor(list.dataset.tool, list.dataset.arg);
    const picker = document.getElementById(`${list.id}-picker`);
    list.textContent = "";
    picker.textContent = "";
    const blank = document.createElement("option");
    blank.value = "";
    blank.textContent = "▾";
    picker.appendChild(blank);
    for (const [value, label] of choices) {
      const option = document.createElement("option");
      option.value = value;
      option.label = label;
      list.appendChild(option);
      const item = document.createElement("option");
      item.value = value;
      item.textContent = `${value} — ${label}`;
      picker.appendChild(item);
    }
    picker.classList.toggle("hidden", choices.length === 0);
  }
  const to = $("pick-chat-to");
  to.textContent = "";
  for (const name of ["team", ...state.teammates]) {
    const option = document.createElement("option");
    option.value = name;
    to.appendChild(option);
  }
}

// Build one small form per tool from its JSON Schema (function-calling style), with pickers.
function renderTools(tools) {
  state.tools = tools;
  $("tools-common").textContent = "";
  $("tools-rest").textContent = "";
  const rank = (entry) => {
    const i = COMMON_TOOLS.indexOf((entry.function || entry).name);
    return i < 0 ? COMMON_TOOLS.length : i;
  };
  for (const entry of tools.slice().sort((a, b) => rank(a) - rank(b))) {
    const fn = entry.function || entry;
    const params = fn.parameters || fn.input_schema || {};
    const props = params.properties || {};
    const required = params.required || [];
    const form = document.createElement("form");
    form.dataset.tool = fn.name;
    form.title = fn.description || fn.name;
    form.noValidate = true;  // the page says what is missing itself (below), in words
    for (const [name, schema] of Object.entries(props)) {
      const input = document.createElement("input");
      input.name = name;
      input.placeholder = name;
      input.title = schema.description || name;
      input.dataset.kind = schema.type || "any";
      if (schema.default !== undefined) input.value = schema.default;
      const list = document.createElement("datalist");
      list.id = `pick-${fn.name}-${name}`;
      list.dataset.tool = fn.name;
      list.dataset.arg = name;
      input.setAttribute("list", list.id);
      input.autocomplete = "off";
      const picker = document.createElement("select");
      picker.id = `${list.id}-picker`;
      picker.className = "picker hidden";
      picker.title = `pick ${name}`;
      picker.addEventListener("change", () => {
        if (picker.value !== "") fill(fn.name, name, picker.value);
        picker.value = "";
      });
      form.append(input, list, picker);
    }
    const button = document.createElement("button");
    button.type = "submit";
    button.id = `tool-${fn.name}`;
    button.textContent = fn.name;
    const problem = document.createElement("span");
    problem.className = "form-error hidden";
    form.append(button, problem);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const missing = checkForm(form, fn.name, props, required);
      problem.textContent = missing.join("; ");
      problem.classList.toggle("hidden", missing.length === 0);
      form.classList.toggle("invalid", missing.length > 0);
      if (missing.length) return;  // nothing is sent: the turn is not spent
      const args = {};
      for (const input of form.querySelectorAll("input")) {
        if (input.value === "") continue;
        args[input.name] = parseValue(input.value, input.dataset.kind);
      }
      submitAction({ tool: fn.name, args });
    });
    $(COMMON_TOOLS.includes(fn.name) ? "tools-common" : "tools-rest").appendChild(form);
  }
  updatePickers();
}

function clearFormErrors() {
  for (const el of document.querySelectorAll("#tools .form-error")) el.classList.add("hidden");
  for (const el of document.querySelectorAll("#tools .invalid, #tools .missing")) el.classList.remove("invalid", "missing");
}

// What stops a form from being sent: empty required fields and counts that are not whole numbers.
function checkForm(form, tool, props, required) {
  const missing = [];
  for (const input of form.querySelectorAll("input")) {
    const value = input.value.trim();
    let problem = null;
    if (value === "" && required.includes(input.name)) {
      const choices = choicesFor(tool, input.name).length;
      problem = `${tool} needs ${input.name}: ${(props[input.name] || {}).description || input.name}`
        + (choices ? " (pick one from ▾ or click the map)" : " (none in view or in your bag now)");
    } else if (value !== "" && input.dataset.kind === "integer" && !/^\d+$/.test(value)) {
      problem = `${input.name} must be a whole number, not ${JSON.stringify(value)}`;
    }
    input.classList.toggle("missing", problem !== null);
    if (problem) missing.push(problem);
  }
  return missing;
}

// Numbers and JSON ([x, y], {"item": n}) are sent as values; anything else as a string.
function parseValue(text, kind) {
  if (kind === "string") return text;
  try { return JSON.parse(text); } catch (e) { return text; }
}

function fill(tool, arg, value) {
  const input = document.querySelector(`form[data-tool='${tool}'] input[name='${arg}']`);
  if (!input) return;
  input.value = value;
  input.classList.remove("missing");
  input.form.classList.remove("invalid");
  input.form.querySelector(".form-error").classList.add("hidden");
  input.form.classList.add("filled");
  setTimeout(() => input.form.classList.remove("filled"), 1500);
}

// A click on the map picks the entity on that tile (or the tile) and fills the matching forms.
function onMapClick(ev) {
  const tile = AgentMap.tileAt($("map"), ev.clientX, ev.clientY);
  if (!tile || !state.observation) return;
  const here = (state.observation.nearby || []).filter((e) => e.position && e.position[0] === tile.x && e.position[1] === tile.y)
    .sort((a, b) => (a.kind === "landmark") - (b.kind === "landmark"));
  // several entities on one tile: each click on it picks the next one
  const again = state.picked && state.picked.x === tile.x && state.picked.y === tile.y;
  const index = again && here.length ? (state.picked.index + 1) % here.length : 0;
  state.picked = { x: tile.x, y: tile.y, index };
  const entity = here[index];
  if (!entity) {
    fill("move_to", "target", JSON.stringify([tile.x, tile.y]));
    $("selection").textContent = `tile (${tile.x}, ${tile.y}): ${terrainName(tile.x, tile.y)}`;
    return;
  }
  fill("move_to", "target", entity.id);
  fill("inspect", "target", entity.id);
  const byKind = {
    node: [["gather", "target"]], mob: [["attack", "target"]], ground: [["pick_up", "target"]],
    npc: [["talk", "npc"], ["buy", "npc"], ["sell", "npc"]], site: [["build", "site"]],
    player: [["give", "to"], ["trade_offer", "to"]],
  };
  for (const [tool, arg] of byKind[entity.kind] || []) fill(tool, arg, entity.id);
  if (entity.kind === "player") $("chat-to").value = entity.id;
  $("selection").textContent = `${entity.id} — ${entity.name} (${entity.kind}) at (${entity.position.join(", ")}),`
    + ` ${entity.distance} tiles away: ${entity.detail || ""}`;
}

// Hovering a tile names everything on it (labels the map had no room for included).
function onMapHover(ev) {
  const tile = AgentMap.tileAt($("map"), ev.clientX, ev.clientY);
  const tip = $("map-tip");
  if (!tile || !state.observation) { tip.classList.add("hidden"); return; }
  const here = (state.observation.nearby || []).filter((e) => e.position && e.position[0] === tile.x && e.position[1] === tile.y);
  const me = state.observation.position;
  const lines = here.map((e) => `${e.id} — ${e.name} (${e.kind})`);
  if (me && me[0] === tile.x && me[1] === tile.y) lines.unshift(`you (${state.seat})`);
  lines.push(`(${tile.x}, ${tile.y}) ${terrainName(tile.x, tile.y)}`);
  tip.textContent = lines.join("\n");
  const box = $("map-box").getBoundingClientRect();
  tip.style.left = `${ev.clientX - box.left + 14}px`;
  tip.style.top = `${ev.clientY - box.top + 14}px`;
  tip.classList.remove("hidden");
}

function terrainName(x, y) {
  const w = AgentMap.world;
  if (!w || y < 0 || y >= w.height || x < 0 || x >= w.width) return "off the map";
  const entry = w.palette[w.terrain[y][x]];
  return entry ? `${entry.name}${entry.walkable ? "" : " (not walkable)"}` : "?";
}

function submitAction(action) {
  if (!state.seat) { showError("take a seat first"); return; }
  send({ type: "submit", seat: state.seat, action });
}

// ------------------------------------------------------------------ messages from the server

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      break;
    case "map":
      AgentMap.setWorld(msg);
      if (state.observation) showObservation(state.observation, false);
      if (SPECTATOR) drawSpectator();
      updatePickers();
      break;
    case "spectating":
      $("feed").textContent = "";
      if (msg.episode) {
        state.agents = msg.episode.agents;
        state.episode = msg.episode.episode;
        state.over = msg.episode.over;
        showStatus(lastPlayedRound(msg.status) || msg.episode.round, msg.episode.turn, msg.status);
      }
      for (const record of msg.history || []) addFeed(record);
      showReport(msg.report);
      if (msg.history_next !== undefined && msg.history_next !== null) {
        send({ type: "history", episode: state.episode, start: msg.history_next, token: WATCH_TOKEN });  // the rest, page by page
      }
      break;
    case "history":
      for (const record of msg.records || []) addFeed(record);
      if (msg.next !== null && msg.next !== undefined) send({ type: "history", episode: msg.episode, start: msg.next, token: WATCH_TOKEN });
      break;
    case "feed":
      addFeed(msg.record);
      break;
    case "joined":
      state.seat = msg.seat;
      state.agents = msg.agents;
      state.over = msg.over;
      $("feed").textContent = "";
      $("join-form").classList.add("hidden");
      $("connection").textContent = `seat ${msg.seat}`;
      showBriefing(msg.seat, msg.briefing || {});
      renderTools(msg.tools || []);
      for (const record of msg.feed || []) addFeed(record);
      showObservation(msg.observation);
      showNews(msg.observation);
      if (msg.observation) showObservation(msg.observation, false);  // with the news' marks
      setTurn(msg.turn === msg.seat && !msg.over);
      showReport(msg.report);
      showStatus(lastPlayedRound(msg.status) || msg.round, msg.turn, msg.status);
      break;
    case "turn":
      // the marks of the seat's own last action stay one more turn (teammates may have played at once)
      state.marks = state.marks.filter((m) => m.turn === state.turns);
      clearFormErrors();
      showObservation(msg.observation, true, true);
      showNews(msg.observation);
      showObservation(msg.observation, false);  // drawn again with the news' marks
      state.turns += 1;
      setTurn(true);
      break;
    case "result": {
      const r = msg.record;
      $("last-result").textContent = r.ok ? `✔ ${r.result}` : `✘ ${r.error}`;
      $("last-result").className = r.ok ? "" : "hit";
      markDealt(r);
      setTurn(false);
      if (r.tool === "chat" && r.ok) {
        const to = Array.isArray(r.args.to) ? r.args.to.join(",") : r.args.to;
        addChat(r.round, r.agent, to, r.args.message, true);  // your own message, in the chat box too
      }
      send({ type: "observe", seat: state.seat });  // see the result on the map at once
      break;
    }
    case "observation":
      showObservation(msg.observation);
      break;
    case "update":
      addFeed(msg.record);
      break;
    case "episode_start":
      state.agents = msg.agents;
      state.over = false;
      state.positions = {};
      state.roundMarks = {};
      $("feed").textContent = "";
      state.seen.clear();
      showStatus(1, msg.agents[0], null);
      break;
    case "episode_end":
      showStatus(lastPlayedRound(msg.status), null, msg.status);
      setTurn(false);
      showReport(msg.report);
      if (msg.reason) showError(msg.reason);
      if (SPECTATOR) drawSpectator();
      break;
    case "seat_lost":
      showError(`seat ${msg.seat} lost: ${msg.reason}`);
      state.seat = null;
      $("join-form").classList.remove("hidden");
      break;
    case "error":
      showError(`${msg.code}: ${msg.message}`);
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  state.ws = ws;
  ws.onopen = () => {
    $("connection").textContent = "connected";
    $("connection").classList.add("ok");
    send({ type: "hello", protocol: 1, client: "browser" });
    send({ type: "map" });
    if (SPECTATOR) { send({ type: "spectate", history: true, token: WATCH_TOKEN }); return; }
    const params = new URLSearchParams(location.search);
    if (params.get("seat")) $("join-seat").value = params.get("seat");
    if (params.get("token")) $("join-token").value = params.get("token");
    if (params.get("seat") && params.get("token")) join();
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    $("connection").textContent = `disconnected ${ev.reason || ""}`;
    $("connection").classList.remove("ok");
  };
}

function join() {
  send({ type: "join", seat: $("join-seat").value.trim(), token: $("join-token").value.trim(), observe: true,
         feed: true });
}

if (SPECTATOR) {
  document.body.classList.add("spectator");
  document.title = "AgentWorld spectator";
  $("feed-title").textContent = "World feed (every agent)";
} else {
  $("feed-title").textContent = "Your feed (your actions, messages to you)";
}
$("join-form").addEventListener("submit", (ev) => { ev.preventDefault(); join(); });
$("map").addEventListener("click", onMapClick);
$("map").addEventListener("mousemove", onMapHover);
$("map").addEventListener("mouseleave", () => $("map-tip").classList.add("hidden"));
$("end-close").addEventListener("click", () => $("end-screen").classList.add("hidden"));
$("refresh").addEventListener("click", () => {
  if (state.seat) send({ type: "observe", seat: state.seat });
});
$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  const toText = $("chat-to").value.trim() || "team";
  const to = toText.includes(",") ? toText.split(",").map((s) => s.trim()) : toText;
  submitAction({ tool: "chat", args: { to, message: text } });
  $("chat-text").value = "";
});
window.agentworld = { state, map: AgentMap, pixelOf: (x, y) => AgentMap.pixelOf($("map"), x, y), submit: submitAction };
connect();
