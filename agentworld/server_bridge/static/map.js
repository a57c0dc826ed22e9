// AgentWorld map drawing for the browser pages (no game logic: it only draws what it is given).
//  - drawView: the tiles within the seat's view, its nearby entities, the seat itself, then the labels
//    placed so that none covers another label or the seat (a label with no room is left to the hover
//    tip), and the marks of hits and heals
//  - drawMinimap: the whole map, the landmarks and the seat's position
//  - drawWorld: the spectator's whole map with every agent's last known position
// The terrain grid comes from the server's `map` reply (the shipped map, static content).
"use strict";

const KIND_STYLE = {
  node: { colour: "#145a1e", glyph: "♣" }, mob: { colour: "#c62828", glyph: "M" },
  npc: { colour: "#6a1b9a", glyph: "N" }, player: { colour: "#1565c0", glyph: "P" },
  station: { colour: "#e65100", glyph: "S" }, ground: { colour: "#f9a825", glyph: "•" },
  site: { colour: "#6d4c41", glyph: "B" }, landmark: { colour: "#ffffff", glyph: "★" },
};

// Labels are placed in this order (the nearest first within a kind): people and NPCs matter most.
const LABEL_ORDER = ["player", "npc", "mob", "site", "station", "node", "ground", "landmark"];
const MARK_COLOUR = { hit: "#ff1744", dealt: "#ffea00", heal: "#00e676" };

const AgentMap = {
  world: null,   // the `map` reply
  tile: 24,      // pixels per tile in the view
  view: null,    // {cx, cy, radius}: what the view canvas shows now

  setWorld(world) { this.world = world; },

  terrainColour(x, y) {
    const w = this.world;
    if (!w || x < 0 || y < 0 || x >= w.width || y >= w.height) return "#111";
    const entry = w.palette[w.terrain[y][x]];
    return entry ? entry.colour : "#888";
  },

  // The seat's view: (2r+1)^2 tiles centred on its position; entities from its observation.
  drawView(canvas, obs, marks = []) {
    if (!this.world || !obs || !obs.position) return;
    const r = this.world.view_radius || 10, size = 2 * r + 1, t = this.tile;
    const [cx, cy] = obs.position;
    this.view = { cx, cy, radius: r };
    canvas.width = canvas.height = size * t;
    const g = canvas.getContext("2d");
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        g.fillStyle = this.terrainColour(cx + dx, cy + dy);
        g.fillRect((dx + r) * t, (dy + r) * t, t, t);
      }
    }
    g.strokeStyle = "rgba(0,0,0,0.08)";
    for (let i = 0; i <= size; i++) {
      g.beginPath(); g.moveTo(i * t, 0); g.lineTo(i * t, size * t); g.stroke();
      g.beginPath(); g.moveTo(0, i * t); g.lineTo(size * t, i * t); g.stroke();
    }
    const entities = (obs.nearby || []).filter((e) => e.position);
    for (const e of entities) this.drawEntity(g, e, (e.position[0] - cx + r) * t, (e.position[1] - cy + r) * t, t);
    // the seat itself, on top, at the centre
    const px = r * t, py = r * t;
    this.drawSeat(g, px, py, t, obs.alive !== 0);
    // what a label may not cover: the seat, and every entity's disc
    const taken = [[px - 2, py - 2, t + 4, t + 4]].concat(entities.map((e) =>
      [(e.position[0] - cx + r) * t + 4, (e.position[1] - cy + r) * t + 4, t - 8, t - 8]));
    this.drawLabels(g, entities, cx - r, cy - r, t, size * t, taken);
    for (const m of marks) this.drawMark(g, m, (m.x - cx + r) * t, (m.y - cy + r) * t, t);
  },

  drawSeat(g, px, py, t, alive) {
    g.fillStyle = "#ffffff"; g.strokeStyle = "#000"; g.lineWidth = 3;
    g.beginPath(); g.arc(px + t / 2, py + t / 2, t * 0.42, 0, 2 * Math.PI); g.fill(); g.stroke();
    g.lineWidth = 1; g.fillStyle = "#000"; g.font = `bold ${Math.round(t * 0.45)}px sans-serif`;
    g.textAlign = "center"; g.textBaseline = "middle";
    g.fillText("you", px + t / 2, py + t / 2);
    if (!alive) {  // down: a red cross over the seat
      g.strokeStyle = "#e53935"; g.lineWidth = 3;
      g.beginPath(); g.moveTo(px + 3, py + 3); g.lineTo(px + t - 3, py + t - 3);
      g.moveTo(px + t - 3, py + 3); g.lineTo(px + 3, py + t - 3); g.stroke(); g.lineWidth = 1;
    }
  },

  // Each label goes above its tile, else below, right or left: the first place that covers no
  // label already placed, the seat nor an entity's disc and stays on the canvas; with none free it is not drawn.
  drawLabels(g, entities, x0, y0, t, extent, taken) {
    const rank = (e) => { const i = LABEL_ORDER.indexOf(e.kind); return i < 0 ? LABEL_ORDER.length : i; };
    const ordered = entities.slice().sort((a, b) => rank(a) - rank(b) || a.distance - b.distance || (a.id < b.id ? -1 : 1));
    g.font = "10px sans-serif"; g.textAlign = "left"; g.textBaseline = "middle";
    const overlaps = (a, b) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
    this.placed = [];
    for (const e of ordered) {
      const label = e.kind === "player" || e.kind === "npc" || e.kind === "landmark" ? (e.name || e.id) : e.id;
      const w = g.measureText(label).width + 4, h = 11;
      const x = (e.position[0] - x0) * t, y = (e.position[1] - y0) * t;
      const spots = [[x + t / 2 - w / 2, y - h], [x + t / 2 - w / 2, y + t], [x + t, y + t / 2 - h / 2],
        [x - w, y + t / 2 - h / 2]];
      const spot = spots.map(([sx, sy]) => [sx, sy, w, h])
        .find((box) => box[0] >= 0 && box[1] >= 0 && box[0] + w <= extent && box[1] + h <= extent
          && !taken.some((other) => overlaps(box, other)));
      if (!spot) continue;
      taken.push(spot);
      this.placed.push({ id: e.id, box: spot });
      g.fillStyle = "rgba(255,255,255,0.85)"; g.fillRect(spot[0], spot[1], w, h);
      g.fillStyle = "#000"; g.fillText(label, spot[0] + 2, spot[1] + h / 2 + 0.5);
    }
  },

  // A hit or heal: a bold number over the tile (red: hits taken, yellow: hits dealt, green: heals).
  drawMark(g, m, x, y, t) {
    g.font = `bold ${Math.round(t * 0.7)}px sans-serif`; g.textAlign = "center"; g.textBaseline = "middle";
    const mx = x + t * 0.95, my = y + t * 0.05;  // the tile's top-right corner: the glyph stays readable
    g.lineWidth = 3; g.strokeStyle = "#000"; g.strokeText(m.text, mx, my);
    g.fillStyle = MARK_COLOUR[m.kind] || "#fff"; g.fillText(m.text, mx, my); g.lineWidth = 1;
  },

  drawEntity(g, e, x, y, t) {
    const style = KIND_STYLE[e.kind] || { colour: "#333", glyph: "?" };
    if (e.kind === "landmark") {
      g.strokeStyle = "#fff"; g.lineWidth = 2; g.strokeRect(x + 2, y + 2, t - 4, t - 4); g.lineWidth = 1;
    } else {
      g.fillStyle = style.colour;
      g.beginPath(); g.arc(x + t / 2, y + t / 2, t * 0.36, 0, 2 * Math.PI); g.fill();
      g.fillStyle = "#fff"; g.font = `bold ${Math.round(t * 0.5)}px sans-serif`;
      g.textAlign = "center"; g.textBaseline = "middle";
      g.fillText(style.glyph, x + t / 2, y + t / 2 + 1);
    }
  },

  // Which tile of the view a click hit: {x, y} in world coordinates, or null.
  tileAt(canvas, clientX, clientY) {
    if (!this.view) return null;
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width, t = this.tile, r = this.view.radius;
    const col = Math.floor(((clientX - box.left) * scale) / t), row = Math.floor(((clientY - box.top) * scale) / t);
    if (col < 0 || row < 0 || col > 2 * r || row > 2 * r) return null;
    return { x: this.view.cx + col - r, y: this.view.cy + row - r };
  },

  // Page coordinates of a world tile's centre in the view (for tests and the selection marker).
  pixelOf(canvas, x, y) {
    if (!this.view) return null;
    const box = canvas.getBoundingClientRect(), t = this.tile, r = this.view.radius;
    const scale = box.width / canvas.width;
    return { x: box.left + ((x - this.view.cx + r) * t + t / 2) * scale,
             y: box.top + ((y - this.view.cy + r) * t + t / 2) * scale };
  },

  drawTerrain(canvas) {
    const w = this.world;
    canvas.width = w.width; canvas.height = w.height;
    const g = canvas.getContext("2d"), image = g.createImageData(w.width, w.height);
    const rgb = {};
    for (const [code, entry] of Object.entries(w.palette)) {
      const hex = entry.colour.slice(1);
      rgb[code] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    }
    for (let y = 0; y < w.height; y++) {
      const row = w.terrain[y];
      for (let x = 0; x < w.width; x++) {
        const c = rgb[row[x]] || [128, 128, 128], i = (y * w.width + x) * 4;
        image.data[i] = c[0]; image.data[i + 1] = c[1]; image.data[i + 2] = c[2]; image.data[i + 3] = 255;
      }
    }
    g.putImageData(image, 0, 0);
    return g;
  },

  // The whole map at one pixel per tile, the landmarks, and the seat (white square with a ring).
  drawMinimap(canvas, position) {
    if (!this.world) return;
    const g = this.drawTerrain(canvas);
    g.fillStyle = "#fff";
    for (const l of this.world.landmarks) g.fillRect(l.position[0] - 1, l.position[1] - 1, 2, 2);
    if (position) {
      const [x, y] = position, r = this.world.view_radius || 10;
      g.strokeStyle = "#fff"; g.strokeRect(x - r, y - r, 2 * r + 1, 2 * r + 1);
      g.fillStyle = "#000"; g.fillRect(x - 3, y - 3, 7, 7);
      g.fillStyle = "#fff"; g.fillRect(x - 2, y - 2, 5, 5);
    }
  },

  // Spectators: the whole map scaled up, every agent at its last known position, with its name.
  drawWorld(canvas, positions) {
    if (!this.world) return;
    const scale = 3, w = this.world;
    const terrain = document.createElement("canvas");
    this.drawTerrain(terrain);
    canvas.width = w.width * scale; canvas.height = w.height * scale;
    const g = canvas.getContext("2d");
    g.imageSmoothingEnabled = false;
    g.drawImage(terrain, 0, 0, canvas.width, canvas.height);
    g.font = "11px sans-serif"; g.textAlign = "left"; g.textBaseline = "middle";
    for (const l of w.landmarks) {
      g.fillStyle = "rgba(255,255,255,0.9)"; g.fillRect(l.position[0] * scale - 2, l.position[1] * scale - 2, 5, 5);
    }
    let i = 0;
    const near = [];  // labels already placed: agents close together get stacked labels
    for (const [name, pos] of Object.entries(positions)) {
      const x = pos[0] * scale + 1, y = pos[1] * scale + 1;
      const colour = `hsl(${(i++ * 137) % 360}, 80%, 45%)`;
      g.fillStyle = colour; g.strokeStyle = "#000";
      g.beginPath(); g.arc(x, y, 6, 0, 2 * Math.PI); g.fill(); g.stroke();
      const stacked = near.filter((p) => Math.abs(p[0] - x) < 40 && Math.abs(p[1] - y) < 40).length;
      near.push([x, y]);
      const ly = y + stacked * 17, width = g.measureText(name).width + 6;
      g.fillStyle = "rgba(255,255,255,0.85)"; g.fillRect(x + 8, ly - 7, width, 14);
      g.fillStyle = colour; g.fillRect(x + 8, ly - 7, 3, 14);
      g.fillStyle = "#000"; g.fillText(name, x + 13, ly);
    }
  },
};
window.AgentMap = AgentMap;
