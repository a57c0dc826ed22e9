// AgentWorld browser pages over the game server's websocket (the same JSON protocol as every
// other client, see docs/PROTOCOL.md). Two modes:
//  - seat (/): a person plays one agent and sees only what that agent may know. The page never
//    spectates: it joins with `feed: true`, so the server sends only the seat's own view.
//  - spectator (/spectate): everything, every agent's actions and chat.
"use strict";

const $ = (id) => document.getElementById(id);
const SPECTATOR = location.pathname === "/spectate";
const state = { ws: null, seat: null, nextId: 1, myTurn: false, seen: new Set(), agents: [], round: 1 };

function send(message) {
  message.id = state.nextId++;
  state.ws.send(JSON.stringify(message));
}

function showError(text) {
  const line = document.createElement("div");
  line.textContent = text;
  $("errors").appendChild(line);
  setTimeout(() => line.remove(), 8000);
}

function setTurn(mine) {
  state.myTurn = mine;
  $("turn-badge").classList.toggle("hidden", !mine);
  document.body.classList.toggle("not-my-turn", !mine);  // dims the action buttons
}

function showObservation(obs) {
  if (obs === undefined || obs === null) return;
  $("observation").textContent = typeof obs.text === "string" ? obs.text : JSON.stringify(obs, null, 2);
  for (const m of obs.messages || []) {
    // an agent's inbox is repeated in each observation until its turn: show each message once
    const key = JSON.stringify([m.round, m.from, m.to, m.text]);
    if (state.seen.has(key)) continue;
    state.seen.add(key);
    const line = document.createElement("div");
    const to = Array.isArray(m.to) ? m.to.join(",") : m.to;
    line.textContent = `[round ${m.round}] ${m.from} → ${to}: ${m.text}`;
    $("chat-log").appendChild(line);
  }
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
}

function describeArgs(args) {
  if (!args || Object.keys(args).length === 0) return "";
  return JSON.stringify(args);
}

function addFeed(record) {
  if (record.type === "action" && !record.tool && record.agent !== state.seat) {
    // another seat's turn passed (the seat view says no more): only the status line moves on
    const next = state.agents[state.agents.indexOf(record.agent) + 1];
    showStatus(record.round, next || null, null);
    return;
  }
  const li = document.createElement("li");
  if (record.type === "round_end") {
    li.className = "round";
    li.textContent = `— round ${record.round} ended —`;
    state.round = record.round + 1;
    if (record.status) showStatus(record.status.round, state.agents[0], record.status);
  } else {
    // the next seat in the round-robin is up (the round end, if this was the last, follows)
    const next = state.agents[state.agents.indexOf(record.agent) + 1];
    showStatus(record.round, next || null, null);
    li.className = record.ok ? "ok" : "failed";
    const outcome = record.ok ? record.result : `error: ${record.error}`;
    li.textContent = `r${record.round} ${record.agent}: ${record.tool || "?"}(${describeArgs(record.args)}) → ${outcome}`;
  }
  $("feed").appendChild(li);
  $("feed").scrollTop = $("feed").scrollHeight;
}

function showStatus(round, turn, status) {
  let text = `round ${round}`;
  if (status && status.max_rounds) text += ` / ${status.max_rounds}`;
  if (turn) text += ` · turn: ${turn}`;
  if (status && (status.done || status.truncated)) text += status.success ? " · SUCCESS" : " · episode over";
  $("status").textContent = text;
}

// Build one small form per tool from its JSON Schema (function-calling style).
function renderTools(tools) {
  const box = $("tools");
  box.textContent = "";
  for (const entry of tools) {
    const fn = entry.function || entry;
    const params = fn.parameters || fn.input_schema || {};
    const props = params.properties || {};
    const form = document.createElement("form");
    form.dataset.tool = fn.name;
    form.title = fn.description || fn.name;
    for (const [name, schema] of Object.entries(props)) {
      const input = document.createElement("input");
      input.name = name;
      input.placeholder = name;
      input.title = schema.description || name;
      input.dataset.kind = schema.type || "any";
      if (schema.default !== undefined) input.value = schema.default;
      form.appendChild(input);
    }
    const button = document.createElement("button");
    button.type = "submit";
    button.id = `tool-${fn.name}`;
    button.textContent = fn.name;
    form.appendChild(button);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const args = {};
      for (const input of form.querySelectorAll("input")) {
        if (input.value === "") continue;
        args[input.name] = parseValue(input.value, input.dataset.kind);
      }
      submitAction({ tool: fn.name, args });
    });
    box.appendChild(form);
  }
}

// Numbers and JSON ([x, y], {"item": n}) are sent as values; anything else as a string.
function parseValue(text, kind) {
  if (kind === "string") return text;
  try { return JSON.parse(text); } catch (e) { return text; }
}

function submitAction(action) {
  if (!state.seat) { showError("take a seat first"); return; }
  send({ type: "submit", seat: state.seat, action });
}

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      break;
    case "spectating":
      $("feed").textContent = "";
      if (msg.episode) {
        state.agents = msg.episode.agents;
        state.episode = msg.episode.episode;
        showStatus(msg.episode.round, msg.episode.turn, msg.status);
      }
      for (const record of msg.history || []) addFeed(record);
      if (msg.history_next !== undefined && msg.history_next !== null) {
        send({ type: "history", episode: state.episode, start: msg.history_next });  // the rest, page by page
      }
      break;
    case "history":
      for (const record of msg.records || []) addFeed(record);
      if (msg.next !== null && msg.next !== undefined) send({ type: "history", episode: msg.episode, start: msg.next });
      break;
    case "feed":
      addFeed(msg.record);
      break;
    case "joined":
      state.seat = msg.seat;
      state.agents = msg.agents;
      $("feed").textContent = "";
      for (const record of msg.feed || []) addFeed(record);
      $("join-form").classList.add("hidden");
      $("connection").textContent = `seat ${msg.seat}`;
      showBriefing(msg.seat, msg.briefing || {});
      renderTools(msg.tools || []);
      showObservation(msg.observation);
      setTurn(msg.turn === msg.seat && !msg.over);
      showStatus(msg.round, msg.turn, null);
      break;
    case "turn":
      showObservation(msg.observation);
      setTurn(true);
      break;
    case "result": {
      const r = msg.record;
      $("last-result").textContent = r.ok ? `✔ ${r.result}` : `✘ ${r.error}`;
      setTurn(false);
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
      $("feed").textContent = "";
      state.seen.clear();
      showStatus(1, null, null);
      break;
    case "episode_end":
      showStatus(msg.status.round, null, msg.status);
      setTurn(false);
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
    if (SPECTATOR) { send({ type: "spectate", history: true }); return; }
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
connect();
