// The task editor page: edits `doc` (the task as its YAML mapping) and talks to server.py's JSON API.
// The server checks and saves; this page only shows the world and the task and builds the mapping.
"use strict";

const $ = (sel) => document.querySelector(sel);
let LIB = null;          // /api/library: ids, places, the condition vocabulary
let doc = null;          // the task document being edited
let selected = 0;        // the selected agent's index
let scale = 3;           // screen pixels per tile
let mapImage = null;
let tiles = null;        // Uint8Array of terrain indices, y * width + x
let saveFileTouched = false;
const SKILL_COLOURS = {lumberjacking: "#4e2a0c", mining: "#263238", fishing: "#0d2a80", foraging: "#c2185b"};
const COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#4e342e"];

// --- small DOM helpers ---------------------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "on") for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") node.style.cssText = value;  // CSSOM: allowed by the page's CSP
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
function options(select, values, current) {
  select.replaceChildren(...values.map(([value, label]) => el("option", {value}, label)));
  if (current !== undefined) select.value = current;
  return select;
}
function itemName(id) { const it = LIB.items.find((i) => i.id === id); return it ? `${it.name} (${id})` : id; }
function where(p) { return Array.isArray(p) ? `${p[0]}, ${p[1]}` : p; }
function resolvePlace(p) {
  if (Array.isArray(p)) return p;
  const mark = LIB.landmarks.find((l) => l.id === p);
  return mark ? mark.position : null;
}
function parsePlace(text) {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : text.trim();
}
function say(text, ok) {
  const box = $("#message");
  box.textContent = text;
  box.className = ok === undefined ? "" : ok ? "ok" : "bad";
}

// --- the API -------------------------------------------------------------------------------------
async function api(path, body) {
  const init = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                         body: JSON.stringify(body)};
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

// --- the item picker (searchable; optionally only items that fit a slot) --------------------------
let pickerDone = null;
let pickerFilter = () => true;
function openPicker(title, filter, done) {
  pickerDone = done;
  pickerFilter = filter;
  $("#picker-title").textContent = title;
  $("#picker-search").value = "";
  $("#picker").hidden = false;
  fillPicker();
  $("#picker-search").focus();
}
function fillPicker() {
  const q = $("#picker-search").value.trim().toLowerCase();
  const found = LIB.items.filter((it) => pickerFilter(it) &&
    (!q || it.id.includes(q) || it.name.toLowerCase().includes(q))).slice(0, 80);
  $("#picker-list").replaceChildren(...found.map((it) => {
    const needs = Object.entries(it.requires || {}).map(([s, l]) => `${s} ${l}`).join(", ");
    return el("li", {dataset: {id: it.id}, on: {click: () => pick(it.id)}},
      el("b", {}, it.name), ` ${it.id}`,
      el("div", {class: "meta"}, [it.category, it.slot ? `slot ${it.slot}` : "", needs ? `needs ${needs}` : "",
        `value ${it.value}`].filter(Boolean).join(" · ")));
  }));
}
function pick(id) {
  $("#picker").hidden = true;
  if (pickerDone) pickerDone(id);
}

// --- the map -------------------------------------------------------------------------------------
function drawMap() {
  const canvas = $("#map");
  const {width, height} = LIB.map;
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext("2d");
  g.imageSmoothingEnabled = false;
  g.drawImage(mapImage, 0, 0, width * scale, height * scale);
  const at = (p) => [(p[0] + 0.5) * scale, (p[1] + 0.5) * scale];
  g.font = `bold ${Math.min(16, Math.max(10, scale * 4))}px sans-serif`;
  g.textAlign = "center";
  if ($("#show-world").checked) {
    const dot = Math.max(1.5, scale * 0.6);
    for (const n of LIB.nodes) {
      g.fillStyle = SKILL_COLOURS[n.skill] || "#2b1d0e";
      for (const [x, y] of n.placed) g.fillRect((x + 0.5) * scale - dot / 2, (y + 0.5) * scale - dot / 2, dot, dot);
    }
    g.strokeStyle = "#e53935";
    g.lineWidth = 1;
    for (const m of LIB.mobs) for (const [x, y] of m.spawns) {
      const cx = (x + 0.5) * scale, cy = (y + 0.5) * scale;
      g.beginPath(); g.moveTo(cx - dot, cy - dot); g.lineTo(cx + dot, cy + dot);
      g.moveTo(cx + dot, cy - dot); g.lineTo(cx - dot, cy + dot); g.stroke();
    }
  }
  for (const r of LIB.regions) {
    g.fillStyle = "#ffffffb0";
    g.fillText(r.name, ((r.rect[0] + r.rect[2]) / 2) * scale, (r.rect[1] + 5) * scale);
  }
  for (const s of LIB.stations) triangle(g, ...at(s.position), Math.min(7, scale * 1.6), "#ff6f00");
  for (const m of LIB.landmarks) star(g, ...at(m.position), Math.min(8, scale * 2), "#ffd700");
  const w = doc.world || {};
  for (const n of w.nodes || []) square(g, place(n.position), Math.max(4, scale * 1.4), "#5d4037", true);
  for (const gi of w.ground_items || []) diamond(g, place(gi.position), Math.min(8, scale * 1.8), "#00838f");
  for (const s of w.sites || []) {
    square(g, place(s.position), Math.min(14, scale * 2.2), "#ef6c00", false);
    label(g, place(s.position), s.id, "#ef6c00");
  }
  for (const m of w.mobs || []) cross(g, place(m.position), Math.min(7, scale * 1.6), "#d32f2f");
  doc.agents.forEach((a, i) => {
    const p = place(a.spawn);
    if (!p) return;
    const [x, y] = at(p);
    g.beginPath();
    g.arc(x, y, Math.min(9, scale * 1.6) + (i === selected ? 2 : 0), 0, 2 * Math.PI);
    g.fillStyle = COLOURS[i % COLOURS.length];
    g.fill();
    g.lineWidth = i === selected ? 3 : 1.5;
    g.strokeStyle = "#fff";
    g.stroke();
    label(g, p, a.name, COLOURS[i % COLOURS.length]);
  });
  function place(p) { return resolvePlace(p); }
  function label(g2, p, text, colour) {
    if (!p) return;
    const [x, y] = at(p);
    g2.font = `bold ${Math.min(13, Math.max(10, scale * 3.5))}px sans-serif`;
    g2.lineWidth = 3;
    g2.strokeStyle = "#fff";
    const above = y - Math.min(11, scale * 2.2) - 2;
    g2.strokeText(text, x, above);
    g2.fillStyle = colour;
    g2.fillText(text, x, above);
  }
  function square(g2, p, size, colour, filled) {
    if (!p) return;
    const [x, y] = at(p);
    g2.lineWidth = 2;
    if (filled) { g2.fillStyle = colour; g2.fillRect(x - size / 2, y - size / 2, size, size); }
    else { g2.strokeStyle = colour; g2.strokeRect(x - size / 2, y - size / 2, size, size); }
  }
  function diamond(g2, p, size, colour) {
    if (!p) return;
    const [x, y] = at(p);
    g2.beginPath();
    g2.moveTo(x, y - size); g2.lineTo(x + size, y); g2.lineTo(x, y + size); g2.lineTo(x - size, y);
    g2.closePath(); g2.fillStyle = colour; g2.fill();
  }
  function cross(g2, p, size, colour) {
    if (!p) return;
    const [x, y] = at(p);
    g2.beginPath();
    g2.moveTo(x - size, y - size); g2.lineTo(x + size, y + size);
    g2.moveTo(x + size, y - size); g2.lineTo(x - size, y + size);
    g2.lineWidth = 2.5; g2.strokeStyle = colour; g2.stroke();
  }
}
function triangle(g, x, y, size, colour) {
  g.beginPath();
  g.moveTo(x, y - size); g.lineTo(x + size, y + size); g.lineTo(x - size, y + size);
  g.closePath(); g.fillStyle = colour; g.fill(); g.lineWidth = 0.8; g.strokeStyle = "#000"; g.stroke();
}
function star(g, x, y, size, colour) {
  g.beginPath();
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? size / 2.4 : size;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    g.lineTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
  }
  g.closePath(); g.fillStyle = colour; g.fill(); g.lineWidth = 0.8; g.strokeStyle = "#000"; g.stroke();
}
function centreOnAgent() {
  // keep the selected agent's spawn in view when zooming or switching agents
  const p = resolvePlace(doc.agents[selected]?.spawn);
  if (!p) return;
  const box = $("#map-scroll");
  box.scrollLeft = (p[0] + 0.5) * scale - box.clientWidth / 2;
  box.scrollTop = (p[1] + 0.5) * scale - box.clientHeight / 2;
}
function tileAt(event) {
  const rect = $("#map").getBoundingClientRect();
  return [Math.floor((event.clientX - rect.left) / scale), Math.floor((event.clientY - rect.top) / scale)];
}
function describeTile([x, y]) {
  const {width, height} = LIB.map;
  if (x < 0 || y < 0 || x >= width || y >= height) return null;
  const terrain = LIB.map.terrain[tiles[y * width + x]];
  // the last region listed wins where regions overlap (a town inside its countryside), as on the map
  const region = LIB.regions.findLast((r) => x >= r.rect[0] && x <= r.rect[2] && y >= r.rect[1] && y <= r.rect[3]);
  const mark = LIB.landmarks.find((m) => Math.max(Math.abs(m.position[0] - x), Math.abs(m.position[1] - y)) <= 1);
  const node = LIB.nodes.find((n) => n.placed.some((p) => p[0] === x && p[1] === y));
  const station = LIB.stations.find((s) => s.position[0] === x && s.position[1] === y);
  return {terrain, text: `(${x}, ${y}) ${terrain.name}${terrain.walkable ? "" : " (not walkable)"}` +
    `${region ? " · " + region.name : ""}${mark ? " · near " + mark.id : ""}` +
    `${node ? " · " + node.id : ""}${station ? " · " + station.id : ""}`};
}
function onMapClick(event) {
  const tile = tileAt(event);
  const info = describeTile(tile);
  if (!info) return;
  if (!info.terrain.walkable) { say(`(${tile[0]}, ${tile[1]}) is ${info.terrain.name}: nothing can stand there`, false); return; }
  const kind = $("#place-kind").value;
  const w = doc.world;
  if (kind === "spawn") {
    doc.agents[selected].spawn = tile;
    say(`${doc.agents[selected].name} spawns at (${tile[0]}, ${tile[1]})`);
    renderAgents();
  } else if (kind === "mob") {
    w.mobs.push({type: $("#place-mob").value, position: tile});
  } else if (kind === "node") {
    w.nodes.push({kind: $("#place-node").value, position: tile});
  } else if (kind === "ground_item") {
    const item = $("#place-item").dataset.item;
    if (!item) { say("pick the item to place first", false); return; }
    w.ground_items.push({item, count: Math.max(1, Number($("#place-count").value) || 1), position: tile});
  } else if (kind === "site") {
    let n = w.sites.length + 1;
    while (w.sites.some((s) => s.id === `site_${n}`)) n++;
    w.sites.push({id: `site_${n}`, name: "", position: tile, materials: {}, work: 1, level: 1});
  }
  renderWorld();
  drawMap();
}

// --- task fields ----------------------------------------------------------------------------------
function renderTask() {
  $("#task-id").value = doc.id ?? "";
  $("#task-name").value = doc.name ?? "";
  options($("#task-category"), LIB.categories.map((c) => [c, c]), doc.category);
  $("#task-rounds").value = doc.max_rounds ?? "";
  $("#task-objective").value = doc.objective ?? "";
  $("#task-notes").value = doc.notes ?? "";
  $("#task-verifier").textContent = doc.verifier
    ? `verifier: ${doc.verifier} (kept as it is; checkpoints without a condition use its predicates)`
    : "no verifier: success and every checkpoint are written as conditions";
  if (!saveFileTouched) $("#save-file").value = `${doc.id || "task"}.yaml`;
}
function bindTask() {
  const bind = (sel, key, convert = (v) => v) => $(sel).addEventListener("input", (e) => {
    doc[key] = convert(e.target.value);
    if (key === "id" && !saveFileTouched) $("#save-file").value = `${doc.id || "task"}.yaml`;
  });
  bind("#task-id", "id");
  bind("#task-name", "name");
  bind("#task-category", "category");
  bind("#task-rounds", "max_rounds", (v) => (v === "" ? v : Number(v)));
  bind("#task-objective", "objective");
  bind("#task-notes", "notes");
  $("#save-file").addEventListener("input", () => { saveFileTouched = true; });
}

// --- agents ----------------------------------------------------------------------------------------
function renderAgents() {
  selected = Math.min(selected, doc.agents.length - 1);
  $("#agent-tabs").replaceChildren(
    ...doc.agents.map((a, i) => el("button", {type: "button", class: `agent-tab${i === selected ? " selected" : ""}`,
      dataset: {field: `agents[${i}]`, agent: a.name},
      on: {click: () => { selected = i; renderAgents(); drawMap(); centreOnAgent(); }}},
      el("span", {class: "dot", style: `background:${COLOURS[i % COLOURS.length]}`}), a.name || `agent ${i + 1}`)),
    el("button", {type: "button", id: "add-agent", on: {click: addAgent}}, "+ agent"));
  const a = doc.agents[selected];
  const at = `agents[${selected}]`;
  let named = a.name;
  const field = (label, key, attrs = {}) => el("label", {}, label, el("input", {...attrs, value: a[key] ?? "",
    dataset: {field: `${at}.${key}`}, id: `agent-${key}`,
    on: {input: (e) => { a[key] = e.target.value; if (key === "name") { renameTabs(); drawMap(); } },
         change: () => { if (key === "name" && named !== a.name) { renameAgent(named, a.name); named = a.name; } }}}));
  const skills = el("div", {class: "skills"}, LIB.skills.map((s) => {
    const level = a.skills[s.id] || 0;
    const value = el("span", {class: `value${level ? "" : " zero"}`}, level);
    return [el("span", {title: s.description}, s.name),
      el("input", {type: "range", min: 0, max: LIB.max_level, value: level, dataset: {skill: s.id, field: `${at}.skills.${s.id}`},
        on: {input: (e) => {
          const n = Number(e.target.value);
          if (n) a.skills[s.id] = n; else delete a.skills[s.id];
          value.textContent = n; value.className = `value${n ? "" : " zero"}`;
        }}}), value];
  }));
  const inventory = el("div", {dataset: {field: `${at}.inventory`}},
    Object.entries(a.inventory).map(([item, n]) => el("span", {class: "chip"}, itemName(item), " ×",
      el("input", {type: "number", min: 1, value: n, size: 3, style: "width:4em", dataset: {item},
        on: {input: (e) => { a.inventory[item] = Number(e.target.value) || 1; }}}),
      el("button", {type: "button", class: "small", title: "remove",
        on: {click: () => { delete a.inventory[item]; renderAgents(); }}}, "✕"))),
    el("button", {type: "button", class: "pick", id: "add-inventory",
      on: {click: () => openPicker(`inventory of ${a.name}`, () => true, (item) => {
        a.inventory[item] = (a.inventory[item] || 0) + 1; renderAgents();
      })}}, "+ item"));
  const slots = el("div", {class: "slots"}, LIB.slots.map((slot) => [
    el("span", {}, slot),
    el("button", {type: "button", class: "pick", id: `equip-${slot}`, dataset: {field: `${at}.equipment.${slot}`},
      on: {click: () => openPicker(`${slot} slot of ${a.name}`, (it) => it.slot === slot, (item) => {
        a.equipment[slot] = item; renderAgents();
      })}}, a.equipment[slot] ? itemName(a.equipment[slot]) : "(empty)"),
    a.equipment[slot] ? el("button", {type: "button", class: "small", title: "empty the slot",
      on: {click: () => { delete a.equipment[slot]; renderAgents(); }}}, "✕") : el("span")]));
  $("#agent-form").replaceChildren(
    el("div", {class: "grid"}, field("name", "name"), field("role", "role"),
      el("label", {dataset: {field: `${at}.spawn`}}, "spawn",
        el("input", {id: "agent-spawn", value: where(a.spawn), size: 14, title: "x, y or a landmark id (or click the map)",
          on: {change: (e) => { a.spawn = parsePlace(e.target.value); drawMap(); }}})),
      el("button", {type: "button", id: "remove-agent", disabled: doc.agents.length < 2,
        on: {click: removeAgent}}, "remove this agent")),
    el("h4", {}, `skills (0 = untrained, up to ${LIB.max_level})`), skills,
    el("h4", {}, "inventory"), inventory,
    el("h4", {}, "equipment"), slots,
    el("label", {class: "wide"}, "documentation (what this agent is told)",
      el("textarea", {id: "agent-context", rows: 6, dataset: {field: `${at}.context`},
        on: {input: (e) => { a.context = e.target.value; }}}, a.context || "")));
  renderOracle();
}
function renameAgent(before, after) {
  // the conditions and the oracle plan follow the agent's new name
  const conditions = [...doc.success, ...doc.checkpoints.map((c) => c.when).filter(Boolean)];
  for (const cond of conditions) {
    const args = Object.values(cond)[0];
    if (!args || typeof args !== "object") continue;
    if (args.agent === before) args.agent = after;
    if (Array.isArray(args.agents)) args.agents = args.agents.map((n) => (n === before ? after : n));
  }
  if (doc.oracle && doc.oracle[before]) { doc.oracle[after] = doc.oracle[before]; delete doc.oracle[before]; }
  renderSuccess();
  renderCheckpoints();
  renderOracle();
}
function renameTabs() {
  document.querySelectorAll(".agent-tab").forEach((tab, i) => { tab.lastChild.textContent = doc.agents[i].name; });
}
function addAgent() {
  let n = doc.agents.length + 1;
  while (doc.agents.some((a) => a.name === `agent_${n}`)) n++;
  doc.agents.push({name: `agent_${n}`, role: "Helper", spawn: LIB.map.hub, skills: {}, inventory: {}, equipment: {},
                   context: ""});
  selected = doc.agents.length - 1;
  $("#place-kind").value = "spawn";
  showPlaceOptions();
  renderAll();
}
function removeAgent() {
  const gone = doc.agents.splice(selected, 1)[0];
  if (doc.oracle) delete doc.oracle[gone.name];
  renderAll();
}

// --- world changes ---------------------------------------------------------------------------------
function renderWorld() {
  const w = doc.world;
  const list = (title, key, describe) => el("div", {class: "box"}, el("h4", {}, `${title} (${w[key].length})`),
    w[key].map((entry, i) => el("div", {class: "row", dataset: {field: `world.${key}[${i}]`}}, describe(entry, i),
      el("span", {class: "hint"}, `at ${where(entry.position)}`),
      el("button", {type: "button", class: "small", title: "remove",
        on: {click: () => { w[key].splice(i, 1); renderWorld(); drawMap(); }}}, "✕"))));
  $("#world-lists").replaceChildren(
    el("p", {class: "hint"}, "Choose what to place above the map, then click a tile."),
    list("mobs", "mobs", (m) => el("span", {}, m.type)),
    list("resource nodes", "nodes", (n) => el("span", {}, n.kind)),
    list("ground items", "ground_items", (g) => el("span", {}, `${itemName(g.item)} ×${g.count ?? 1}`)),
    list("construction sites", "sites", (s, i) => siteForm(s, i)));
}
function siteForm(s, i) {
  const at = `world.sites[${i}]`;
  const text = (key, size) => el("input", {value: s[key] ?? "", size, placeholder: key, dataset: {field: `${at}.${key}`},
    on: {input: (e) => { s[key] = e.target.value; if (key === "id") drawMap(); }}});
  const number = (key) => el("input", {type: "number", min: key === "work" ? 0 : 1, value: s[key] ?? (key === "work" ? 0 : 1),
    style: "width:4em", dataset: {field: `${at}.${key}`}, on: {input: (e) => { s[key] = Number(e.target.value); }}});
  const skill = options(el("select", {dataset: {field: `${at}.skill`},
    on: {change: (e) => { if (e.target.value) s.skill = e.target.value; else delete s.skill; }}}),
    [["", "(no skill)"], ...LIB.skills.map((k) => [k.id, k.name])], s.skill || "");
  s.materials = s.materials || {};
  const materials = el("span", {dataset: {field: `${at}.materials`}},
    Object.entries(s.materials).map(([item, n]) => el("span", {class: "chip"}, item, " ×",
      el("input", {type: "number", min: 1, value: n, style: "width:4em",
        on: {input: (e) => { s.materials[item] = Number(e.target.value) || 1; }}}),
      el("button", {type: "button", class: "small", on: {click: () => { delete s.materials[item]; renderWorld(); }}}, "✕"))),
    el("button", {type: "button", class: "pick", on: {click: () => openPicker(`materials of ${s.id}`, () => true, (item) => {
      s.materials[item] = (s.materials[item] || 0) + 1; renderWorld();
    })}}, "+ material"));
  return el("span", {class: "row"}, "id", text("id", 10), text("name", 12), "work", number("work"), skill, "level",
    number("level"), materials);
}

// --- conditions (success and checkpoints' `when`) -------------------------------------------------
function conditionKinds() { return LIB.conditions.map((c) => c.kind); }
function blankCondition(kind) {
  const spec = LIB.conditions.find((c) => c.kind === kind);
  if (kind === "predicate") return {predicate: ""};
  const args = {};
  for (const f of spec.fields) {
    if (!f.required) continue;
    if (f.name === "agent") args.agent = doc.agents[0]?.name || "";
    else if (f.name === "items") args.items = {};
    else if (f.name === "place") args.place = LIB.map.hub;
    else args[f.name] = "";
  }
  return {[kind]: args};
}
function conditionEditor(holder, key, fieldPath, onRemove) {
  // holder[key] is a one-key mapping {kind: args}; edits write back into it
  const cond = holder[key];
  const kind = Object.keys(cond)[0];
  const spec = LIB.conditions.find((c) => c.kind === kind);
  const row = el("div", {class: "cond", dataset: {field: fieldPath, kind}});
  const kindSelect = options(el("select", {class: "kind", on: {change: (e) => {
    holder[key] = blankCondition(e.target.value); rerender();
  }}}), conditionKinds().map((k) => [k, k]), kind);
  row.append(kindSelect);
  if (kind === "predicate") {
    row.append(el("input", {value: cond.predicate || "", placeholder: "function in the verifier",
      on: {input: (e) => { cond.predicate = e.target.value; }}}));
  } else {
    const args = cond[kind] || (cond[kind] = {});
    for (const f of spec ? spec.fields : []) row.append(argEditor(args, f, rerender));
  }
  if (onRemove) row.append(el("button", {type: "button", class: "small", title: "remove", on: {click: onRemove}}, "✕"));
  function rerender() { row.replaceWith(conditionEditor(holder, key, fieldPath, onRemove)); }
  return row;
}
function argEditor(args, f, rerender) {
  const name = f.name;
  const set = (value) => { if (value === "" || value === null || value === undefined) delete args[name]; else args[name] = value; };
  const agentNames = doc.agents.map((a) => [a.name, a.name]);
  if (name === "agent") {
    const choices = f.required ? agentNames : [["", "(the team)"], ...agentNames];
    return el("label", {}, "agent", options(el("select", {dataset: {arg: name}, on: {change: (e) => set(e.target.value)}}),
      choices, args.agent ?? ""));
  }
  if (name === "agents") {
    const chosen = new Set(args.agents || []);
    return el("span", {}, "agents:", doc.agents.map((a) => el("label", {}, el("input", {type: "checkbox",
      checked: chosen.has(a.name), on: {change: (e) => {
        if (e.target.checked) chosen.add(a.name); else chosen.delete(a.name);
        set(chosen.size ? [...chosen] : null);
      }}}), a.name)), chosen.size ? "" : el("span", {class: "hint"}, "(none ticked: everybody)"));
  }
  if (name === "item") {
    return el("button", {type: "button", class: "pick", dataset: {arg: name},
      on: {click: () => openPicker("item", (it) => !!it.slot, (item) => { set(item); rerender(); })}},
      args.item ? itemName(args.item) : "pick an item");
  }
  if (name === "items") {
    args.items = args.items || {};
    return el("span", {dataset: {arg: name}}, Object.entries(args.items).map(([item, n]) => el("span", {class: "chip"},
      itemName(item), " ×", el("input", {type: "number", min: 1, value: n, style: "width:4em", dataset: {item},
        on: {input: (e) => { args.items[item] = Number(e.target.value) || 1; }}}),
      el("button", {type: "button", class: "small", on: {click: () => { delete args.items[item]; rerender(); }}}, "✕"))),
      el("button", {type: "button", class: "pick", on: {click: () => openPicker("items to hold", () => true, (item) => {
        args.items[item] = (args.items[item] || 0) + 1; rerender();
      })}}, "+ item"));
  }
  const sites = doc.world.sites.map((s) => [s.id, s.id]);
  const lists = {site: sites, base: sites, mob: LIB.mobs.map((m) => [m.id, `${m.name} (${m.id})`]),
                 quest: LIB.quests.map((q) => [q.id, `${q.name} (${q.npc})`])};
  if (lists[name]) {
    return el("label", {}, name, options(el("select", {dataset: {arg: name}, on: {change: (e) => set(e.target.value)}}),
      [["", "choose"], ...lists[name]], args[name] ?? ""));
  }
  if (name === "place") {
    const id = `landmarks-${Math.random().toString(36).slice(2)}`;
    return el("label", {}, "place", el("input", {list: id, value: args.place === undefined ? "" : where(args.place),
      size: 14, dataset: {arg: name}, title: "a landmark id or x, y", on: {change: (e) => set(parsePlace(e.target.value))}}),
      el("datalist", {id}, LIB.landmarks.map((m) => el("option", {value: m.id}, m.name))));
  }
  if (["within", "min_gap", "max_gap", "from_round"].includes(name)) {
    return el("label", {}, name, el("input", {type: "number", min: 0, value: args[name] ?? f.default ?? "",
      style: "width:4em", dataset: {arg: name}, on: {input: (e) => set(e.target.value === "" ? null : Number(e.target.value))}}));
  }
  if (name === "sites" || name === "places") {  // in order, separated by ';' (a place: a landmark id or x, y)
    const shown = (args[name] || []).map(where).join("; ");
    return el("label", {}, name, el("input", {value: shown, size: 28, dataset: {arg: name},
      title: name === "sites" ? "site ids in order, separated by ;" : "landmark ids or x, y, separated by ;",
      on: {change: (e) => set(e.target.value.split(";").map((t) => t.trim()).filter(Boolean)
        .map((t) => (name === "places" ? parsePlace(t) : t)))}}));
  }
  return el("label", {}, name, el("input", {value: args[name] ?? "", dataset: {arg: name},
    on: {input: (e) => set(e.target.value)}}));
}
function renderSuccess() {
  $("#success-list").replaceChildren(...doc.success.map((_, i) => conditionEditor(doc.success, i, `success[${i}]`,
    () => { doc.success.splice(i, 1); renderSuccess(); })));
}
function renderCheckpoints() {
  $("#checkpoint-list").replaceChildren(...doc.checkpoints.map((cp, i) => {
    const at = `checkpoints[${i}]`;
    const when = cp.when
      ? conditionEditor(cp, "when", `${at}.when`, null)
      : el("span", {class: "hint"}, doc.verifier ? "decided by the verifier's predicate" : "no condition yet");
    return el("div", {class: "box checkpoint", dataset: {field: at}},
      el("div", {class: "row"}, "id", el("input", {value: cp.id, size: 14, class: "cp-id", dataset: {field: `${at}.id`},
        on: {input: (e) => { cp.id = e.target.value; }}}),
        el("input", {value: cp.description, size: 36, class: "cp-description", placeholder: "what was achieved",
          dataset: {field: `${at}.description`}, on: {input: (e) => { cp.description = e.target.value; }}}),
        el("button", {type: "button", class: "small", title: "remove",
          on: {click: () => { doc.checkpoints.splice(i, 1); renderCheckpoints(); }}}, "✕")),
      el("div", {class: "row"}, "when ", when,
        cp.when ? el("button", {type: "button", class: "small", on: {click: () => { delete cp.when; renderCheckpoints(); }}},
          "no condition") : el("button", {type: "button", class: "small cp-add-when",
          on: {click: () => { cp.when = blankCondition("holds"); renderCheckpoints(); }}}, "+ condition")));
  }));
}

// --- oracle plan -------------------------------------------------------------------------------------
function renderOracle() {
  doc.oracle = doc.oracle || {};
  $("#oracle-list").replaceChildren(...doc.agents.map((a) => el("label", {class: "wide", dataset: {field: `oracle.${a.name}`}},
    a.name, el("textarea", {rows: 3, dataset: {agent: a.name}, on: {input: (e) => {
      const lines = e.target.value.split("\n").map((l) => l.trim()).filter(Boolean);
      try {
        const steps = lines.map((l) => JSON.parse(l));
        if (steps.length) doc.oracle[a.name] = steps; else delete doc.oracle[a.name];
        e.target.classList.remove("invalid"); e.target.title = "";
      } catch (err) { e.target.classList.add("invalid"); e.target.title = `not JSON: ${err.message}`; }
    }}}, (doc.oracle[a.name] || []).map((s) => JSON.stringify(s)).join("\n")))));
}

// --- problems, results -------------------------------------------------------------------------------
function showProblems(problems) {
  document.querySelectorAll(".invalid").forEach((n) => { n.classList.remove("invalid"); n.removeAttribute("title"); });
  $("#problems").replaceChildren(...problems.map((p) => el("li", {dataset: {field: p.field}},
    p.field ? `${p.field}: ${p.message}` : p.message)));
  for (const p of problems) {
    if (!p.field) continue;
    document.querySelectorAll("[data-field]").forEach((n) => {
      const f = n.dataset.field;
      if (p.field === f || p.field.startsWith(f + ".") || p.field.startsWith(f + "[")) {
        n.classList.add("invalid");
        n.title = p.message;
      }
    });
  }
}
function cleaned() {
  // the mapping to send: empty optional parts dropped, so the saved YAML stays short
  const copy = JSON.parse(JSON.stringify(doc));
  if (copy.oracle && !Object.keys(copy.oracle).length) delete copy.oracle;
  for (const a of copy.agents) for (const key of ["skills", "inventory", "equipment"]) if (!Object.keys(a[key] || {}).length) delete a[key];
  return copy;
}
async function validate() {
  try {
    const reply = await api("/api/validate", {document: cleaned()});
    showProblems(reply.problems);
    say(reply.ok ? "valid: agentworld validate accepts this task" : `${reply.problems.length} problem(s)`, reply.ok);
    return reply.ok;
  } catch (err) { say(err.message, false); return false; }
}
async function save() {
  try {
    const reply = await api("/api/save", {document: cleaned(), file: $("#save-file").value.trim() || null});
    showProblems(reply.problems || []);
    if (reply.ok) { say(`saved ${reply.path}`, true); refreshFiles(); }
    else say(`not saved: ${reply.problems.length} problem(s)`, false);
  } catch (err) { say(`not saved: ${err.message}`, false); }
}
async function runTeam(team) {
  const box = $(`#run-${team}-result`);
  box.textContent = `${team}: running…`;
  delete box.dataset.success;
  try {
    const r = await api("/api/run", {document: cleaned(), team});
    if (!r.ok) { showProblems(r.problems); box.textContent = `${team}: the task is invalid (see the problems)`; return; }
    if (r.no_plan) { box.textContent = `${team}: ${r.message}`; return; }
    const cps = Object.entries(r.checkpoints || {}).map(([id, ok]) => `${ok ? "✓" : "✗"} ${id}`).join("  ");
    box.textContent = `${team}: ${r.success ? "SUCCESS" : "no success"} in ${r.rounds}/${r.max_rounds} rounds, ` +
      `PSR ${Number(r.psr).toFixed(2)}, ${r.actions} actions, ${r.invalid_actions} invalid` +
      (r.status !== "ok" ? `, ${r.status}: ${r.error}` : "") + `\n  checkpoints: ${cps}`;
    box.dataset.success = r.success;
  } catch (err) { box.textContent = `${team}: ${err.message}`; }
}
async function audit() {
  const box = $("#audit-result");
  box.textContent = "audit: running…";
  try {
    const r = await api("/api/audit", {document: cleaned()});
    if (!r.available) { box.textContent = r.message; return; }
    if (!r.ok) { showProblems(r.problems); box.textContent = "audit: the task is invalid (see the problems)"; return; }
    const a = r.audit;
    const roles = a.roles.map((v) => `  ${v.agent} (${v.role}): ${v.verdict}` +
      (v.reasons.length ? ` — ${v.reasons.map((f) => f.reason).join("; ")}` : "")).join("\n");
    box.textContent = `audit: ${a.ok ? "ok" : "problems: " + a.problems.join("; ")}\n${roles}` +
      (a.unaudited.length ? `\n  not audited: ${a.unaudited.join("; ")}` : "");
  } catch (err) { box.textContent = `audit: ${err.message}`; }
}

// --- opening tasks --------------------------------------------------------------------------------
let STATE = null;
function fillOpen() {
  const select = $("#open-ref");
  select.replaceChildren(el("option", {value: ""}, "(new task)"),
    el("optgroup", {label: "files in the folder"}, STATE.files.map((f) => el("option", {value: f}, f))),
    el("optgroup", {label: "task ids"}, STATE.task_ids.map((t) => el("option", {value: t}, t))));
}
async function refreshFiles() {
  STATE = await api("/api/state");
  fillOpen();
}
async function openRef() {
  const ref = $("#open-ref").value;
  try {
    if (!ref) { doc = blankFromServer(); showRepair(null); clearResults(); say("a new task", true); }
    else opened(await api("/api/load", {ref}));
  } catch (err) { say(err.message, false); }
}
// An /api/load reply: a task for the form, or a file that does not load, shown as text to repair.
function opened(r) {
  clearResults();
  if (r.broken) {
    showRepair(r);
    say(`${r.file} does not load: repair it as text (the problems are listed above it)`, false);
    return;
  }
  showRepair(null);
  doc = normalise(r.document);
  say(`opened ${r.source}`, true);
  saveFileTouched = false;
  selected = 0;
  renderAll();
  showProblems([]);
}
// A new task opened: the last one's plays, audit and problems no longer apply.
function clearResults() {
  for (const id of ["#run-oracle-result", "#run-noop-result", "#audit-result"]) {
    $(id).textContent = "";
    delete $(id).dataset.success;
  }
  showProblems([]);
}
function showRepair(r) {
  $("#repair").hidden = !r;
  document.body.classList.toggle("repairing", !!r);
  // while a file is repaired as text the form holds no task: nothing may run, check or save it
  for (const id of ["#btn-run-oracle", "#btn-run-noop", "#btn-validate", "#btn-save", "#btn-audit"]) $(id).disabled = !!r;
  if (!r) return;
  $("#repair-problems").replaceChildren(...r.problems.map((p) => el("li", {}, p)));
  $("#repair-text").value = r.text;
  $("#repair-file").textContent = r.file;
  $("#repair").dataset.file = r.file;
}
async function saveRepair() {
  try {
    opened(await api("/api/save_text", {file: $("#repair").dataset.file, text: $("#repair-text").value}));
    refreshFiles();
  } catch (err) { say(`not saved: ${err.message}`, false); }
}
function blankFromServer() { return normalise(JSON.parse(JSON.stringify(STATE.blank))); }
function normalise(d) {
  d.world = Object.assign({mobs: [], nodes: [], ground_items: [], sites: []}, d.world || {});
  for (const key of ["mobs", "nodes", "ground_items", "sites"]) d.world[key] = d.world[key] || [];
  d.success = d.success || [];
  d.checkpoints = d.checkpoints || [];
  d.oracle = d.oracle || {};
  for (const a of d.agents || []) { a.skills = a.skills || {}; a.inventory = a.inventory || {}; a.equipment = a.equipment || {}; }
  d.agents = d.agents || [];
  return d;
}

function showPlaceOptions() {
  const kind = $("#place-kind").value;
  document.querySelectorAll(".place-opt").forEach((n) => { n.hidden = n.dataset.for !== kind; });
}
function renderAll() {
  renderTask();
  renderAgents();
  renderWorld();
  renderSuccess();
  renderCheckpoints();
  drawMap();
}

async function main() {
  [LIB, STATE] = await Promise.all([api("/api/library"), api("/api/state")]);
  tiles = Uint8Array.from(atob(LIB.map.tiles), (c) => c.charCodeAt(0));
  mapImage = new Image();
  await new Promise((ok, bad) => { mapImage.onload = ok; mapImage.onerror = bad; mapImage.src = "/map.png"; });
  doc = normalise(STATE.document);
  $("#folder-line").textContent = `Save writes into ${STATE.folder}` + (STATE.source ? ` · opened ${STATE.source}` : "") +
    (STATE.audit ? "" : " · audit not available");
  fillOpen();
  if (STATE.document && STATE.task_ids.includes(STATE.document.id) && STATE.source) $("#open-ref").value = STATE.document.id;
  options($("#place-mob"), LIB.mobs.map((m) => [m.id, `${m.name} (lvl ${m.level})`]));
  options($("#place-node"), LIB.nodes.map((n) => [n.id, `${n.name} (${n.skill} ${n.level})`]));
  options($("#success-kind"), conditionKinds().map((k) => [k, k]), "holds");
  $("#place-kind").addEventListener("change", showPlaceOptions);
  showPlaceOptions();
  $("#place-item").addEventListener("click", () => openPicker("item to place on the ground", () => true, (item) => {
    $("#place-item").dataset.item = item; $("#place-item").textContent = itemName(item);
  }));
  $("#show-world").addEventListener("change", drawMap);
  $("#zoom").addEventListener("change", (e) => { scale = Number(e.target.value); drawMap(); centreOnAgent(); });
  const canvas = $("#map");
  canvas.addEventListener("click", onMapClick);
  canvas.addEventListener("mousemove", (e) => { const info = describeTile(tileAt(e)); if (info) $("#tile-info").textContent = info.text; });
  $("#picker-search").addEventListener("input", fillPicker);
  $("#picker-search").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { const first = $("#picker-list li"); if (first) pick(first.dataset.id); }
    if (e.key === "Escape") $("#picker").hidden = true;
  });
  $("#picker-close").addEventListener("click", () => { $("#picker").hidden = true; });
  $("#add-success").addEventListener("click", () => { doc.success.push(blankCondition($("#success-kind").value)); renderSuccess(); });
  $("#add-checkpoint").addEventListener("click", () => {
    let n = doc.checkpoints.length + 1;
    while (doc.checkpoints.some((c) => c.id === `step_${n}`)) n++;
    doc.checkpoints.push({id: `step_${n}`, description: "", when: blankCondition("holds")});
    renderCheckpoints();
  });
  $("#problems").addEventListener("click", (e) => {
    const field = e.target.dataset.field;
    const match = field && [...document.querySelectorAll("[data-field]")].find((n) => field.startsWith(n.dataset.field));
    if (match) match.scrollIntoView({block: "center"});
  });
  $("#btn-validate").addEventListener("click", validate);
  $("#btn-save").addEventListener("click", save);
  $("#btn-run-oracle").addEventListener("click", () => runTeam("oracle"));
  $("#btn-run-noop").addEventListener("click", () => runTeam("noop"));
  $("#btn-audit").addEventListener("click", audit);
  $("#btn-open").addEventListener("click", openRef);
  $("#btn-repair-save").addEventListener("click", saveRepair);
  bindTask();
  renderAll();
  if (STATE.broken) opened(STATE.broken);
  document.body.dataset.ready = "1";
}
main().catch((err) => say(`the editor failed to start: ${err.message}`, false));
