// AgentWorld map drawing for the browser pages (no game logic: it only draws what it is given).
//  - drawView: the tiles within the seat's view, its nearby entities with labels, the seat itself
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
  drawView(canvas, obs) {
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
    g.fillStyle = "#ffffff"; g.strokeStyle = "#000"; g.lineWidth = 3;
    g.beginPath(); g.arc(px + t / 2, py + t / 2, t * 0.42, 0, 2 * Math.PI); g.fill(); g.stroke();
    g.lineWidth = 1; g.fillStyle = "#000"; g.font = `bold ${Math.round(t * 0.45)}px sans-serif`;
    g.textAlign = "center"; g.textBaseline = "middle";
    g.fillText("you", px + t / 2, py + t / 2);
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
    const label = e.kind === "player" || e.kind === "npc" || e.kind === "landmark" ? (e.name || e.id) : e.id;
    g.font = "10px sans-serif"; g.textAlign = "center"; g.textBaseline = "bottom";
    const width = g.measureText(label).width + 4;
    g.fillStyle = "rgba(255,255,255,0.8)"; g.fillRect(x + t / 2 - width / 2, y - 11, width, 11);
    g.fillStyle = "#000"; g.fillText(label, x + t / 2, y);
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
      const ly = y + stacked * 15, width = g.measureText(name).width + 6;
      g.fillStyle = "rgba(255,255,255,0.85)"; g.fillRect(x + 8, ly - 7, width, 14);
      g.fillStyle = colour; g.fillRect(x + 8, ly - 7, 3, 14);
      g.fillStyle = "#000"; g.fillText(name, x + 13, ly);
    }
  },
};
window.AgentMap = AgentMap;
