// Star Courier: a small WebGL arcade game that embeds Glitchbox by script tag. Fly the ship,
// collect coloured shapes, avoid red rocks; game events leave breadcrumbs in the debug trace.
// Query: ?w=1280&h=720 canvas size, ?test=1 a frozen deterministic scene, ?load=N extra draws.
const params = new URLSearchParams(location.search);
const canvas = document.getElementById('game');
canvas.width = Number(params.get('w')) || canvas.width;
canvas.height = Number(params.get('h')) || canvas.height;
const TEST = params.has('test');
const LOAD = Number(params.get('load')) || 0;
const W = canvas.width;
const H = canvas.height;
const gb = window.Glitchbox; // defined by the widget's script tag

const gl = canvas.getContext('webgl', { antialias: false, preserveDrawingBuffer: false });
const program = createProgram(
  `
  attribute vec2 a_pos; attribute vec3 a_color; uniform vec2 u_size; varying vec3 v_color;
  void main() { vec2 p = a_pos / u_size * 2.0 - 1.0; gl_Position = vec4(p.x, -p.y, 0.0, 1.0); gl_PointSize = 2.0; ` +
    `v_color = a_color; }`,
  `
  precision mediump float; varying vec3 v_color; void main() { gl_FragColor = vec4(v_color, 1.0); }`,
);
const buffer = gl.createBuffer();
const aPos = gl.getAttribLocation(program, 'a_pos');
const aColor = gl.getAttribLocation(program, 'a_color');

export const COLORS = {
  background: [0.04, 0.06, 0.19],
  ship: [0.2, 0.9, 1.0],
  rock: [0.9, 0.15, 0.15],
  gems: [
    [1, 0.85, 0.1],
    [0.2, 0.85, 0.3],
    [0.9, 0.3, 0.9],
    [0.3, 0.5, 1],
  ],
};

let seed = 7;
const rand = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const stars = Array.from({ length: 120 }, () => ({ x: rand() * W, y: rand() * H, s: 0.3 + rand() }));
const state = {
  ship: { x: W / 2, y: H * 0.8 },
  gems: [],
  rocks: [],
  score: 0,
  lives: 3,
  level: 1,
  paused: false,
  frame: 0,
  keyEvents: 0,
  over: false,
};
const keys = new Set();

function spawn() {
  if (TEST) {
    state.gems = [
      { x: W * 0.25, y: H * 0.3, c: 0, r: 40 },
      { x: W * 0.75, y: H * 0.3, c: 1, r: 40 },
    ];
    state.rocks = [{ x: W * 0.5, y: H * 0.45, r: 40, a: 0 }];
    return;
  }
  state.gems = Array.from({ length: 4 + state.level }, (_, i) => ({ x: rand() * W, y: -rand() * H, c: i % 4, r: 14 }));
  state.rocks = Array.from({ length: 2 + state.level }, () => ({
    x: rand() * W,
    y: -rand() * H,
    r: 18,
    a: rand() * 6,
  }));
  gb?.breadcrumb(
    'info',
    `Level ${state.level} started with ${state.gems.length} shapes and ${state.rocks.length} rocks`,
  );
  console.info(`level ${state.level} start`);
}

function update(dt) {
  if (TEST || state.over) return;
  const speed = 0.35 * dt;
  const pad = navigator.getGamepads ? Array.from(navigator.getGamepads()).find(Boolean) : null;
  const ax =
    (keys.has('ArrowLeft') || keys.has('a') ? -1 : 0) +
    (keys.has('ArrowRight') || keys.has('d') ? 1 : 0) +
    (pad ? pad.axes[0] : 0);
  const ay =
    (keys.has('ArrowUp') || keys.has('w') ? -1 : 0) +
    (keys.has('ArrowDown') || keys.has('s') ? 1 : 0) +
    (pad ? pad.axes[1] : 0);
  state.ship.x = Math.max(20, Math.min(W - 20, state.ship.x + ax * speed));
  state.ship.y = Math.max(20, Math.min(H - 20, state.ship.y + ay * speed));
  for (const g of state.gems) {
    g.y += 0.08 * dt;
    if (g.y > H + 20) {
      g.y = -20;
      g.x = rand() * W;
    }
    if (Math.hypot(g.x - state.ship.x, g.y - state.ship.y) < g.r + 16) {
      state.score += 10;
      gb?.breadcrumb('info', `Collected shape ${g.c} at ${Math.round(g.x)},${Math.round(g.y)}; score ${state.score}`);
      g.y = -40;
      g.x = rand() * W;
    }
  }
  for (const r of state.rocks) {
    r.y += 0.12 * dt;
    r.a += 0.002 * dt;
    if (r.y > H + 30) {
      r.y = -30;
      r.x = rand() * W;
    }
    if (Math.hypot(r.x - state.ship.x, r.y - state.ship.y) < r.r + 14) {
      state.lives -= 1;
      gb?.breadcrumb('warning', `Hit by a rock at ${Math.round(r.x)},${Math.round(r.y)}; lives left ${state.lives}`);
      console.warn('ship hit', { lives: state.lives, score: state.score });
      r.y = -60;
      if (state.lives <= 0) {
        state.over = true;
        gb?.breadcrumb('danger', `Game over with score ${state.score}`);
        console.error('game over', state.score);
        setTimeout(restart, 1500);
      }
    }
  }
  if (state.score >= state.level * 100) {
    state.level += 1;
    gb?.setCustomField('level', String(state.level));
    spawn();
  }
  document.getElementById('score').textContent = `Score ${state.score}`;
  document.getElementById('lives').textContent = `Lives ${state.lives}`;
}

function restart() {
  Object.assign(state, { score: 0, lives: 3, level: 1, over: false });
  spawn();
}

function draw() {
  const v = [];
  const quad = (x, y, r, c, a = 0) => {
    const p = [
      [-r, -r],
      [r, -r],
      [r, r],
      [-r, r],
    ].map(([dx, dy]) => [x + dx * Math.cos(a) - dy * Math.sin(a), y + dx * Math.sin(a) + dy * Math.cos(a)]);
    for (const i of [0, 1, 2, 0, 2, 3]) v.push(p[i][0], p[i][1], ...c);
  };
  for (const s of stars) quad(s.x, (s.y + (TEST ? 0 : state.frame * s.s * 0.5)) % H, 1.2, [0.8, 0.8, 0.9]);
  for (const g of state.gems) quad(g.x, g.y, g.r, COLORS.gems[g.c], Math.PI / 4);
  for (const r of state.rocks) quad(r.x, r.y, r.r, COLORS.rock, r.a);
  for (let i = 0; i < LOAD; i++) quad((i * 37) % W, (i * 53) % H, 6, COLORS.gems[i % 4], state.frame * 0.01);
  const { x, y } = state.ship;
  const size = TEST ? 60 : 18;
  v.push(
    x,
    y - size,
    ...COLORS.ship,
    x - size * 0.8,
    y + size,
    ...COLORS.ship,
    x + size * 0.8,
    y + size,
    ...COLORS.ship,
  );
  gl.viewport(0, 0, W, H);
  gl.clearColor(...COLORS.background, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.useProgram(program);
  gl.uniform2f(gl.getUniformLocation(program, 'u_size'), W, H);
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(v), gl.DYNAMIC_DRAW);
  gl.enableVertexAttribArray(aPos);
  gl.vertexAttribPointer(aPos, 2, gl.FLOAT, false, 20, 0);
  gl.enableVertexAttribArray(aColor);
  gl.vertexAttribPointer(aColor, 3, gl.FLOAT, false, 20, 8);
  gl.drawArrays(gl.TRIANGLES, 0, v.length / 5);
}

let last = performance.now();
function loop(t) {
  const dt = Math.min(50, t - last);
  last = t;
  if (!state.paused) {
    state.frame++;
    update(dt);
    draw();
  }
  requestAnimationFrame(loop);
}

function createProgram(vs, fs) {
  const p = gl.createProgram();
  for (const [type, src] of [
    [gl.VERTEX_SHADER, vs],
    [gl.FRAGMENT_SHADER, fs],
  ]) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  return p;
}

addEventListener('keydown', (e) => {
  state.keyEvents++;
  keys.add(e.key);
});
addEventListener('keyup', (e) => keys.delete(e.key));
addEventListener('blur', () => keys.clear());
// The game pauses while the reporter is open and resumes when it closes.
gb?.on('open', () => {
  state.paused = true;
  keys.clear();
  gb.breadcrumb('info', 'Game paused for a bug report');
});
gb?.on('close', () => {
  state.paused = false;
  last = performance.now();
});
gb?.setCustomField('level', String(state.level));
document
  .getElementById('fullscreen')
  .addEventListener('click', () => document.getElementById('stage').requestFullscreen?.());
document.getElementById('crash').addEventListener('click', () => {
  setTimeout(() => {
    throw new Error(`Demo crash on level ${state.level}`);
  });
});

// Hooks for the browser tests and the benchmark.
window.__game = {
  state,
  colors: COLORS,
  /** Reads canvas pixels inside the next frame (the drawing buffer is valid only then). */
  readPixels: (points) =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        draw();
        const out = points.map(([px, py]) => {
          const b = new Uint8Array(4);
          gl.readPixels(px, H - 1 - py, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, b);
          return Array.from(b);
        });
        resolve(out);
      }),
    ),
};

spawn();
console.log('Star Courier ready', { width: W, height: H, test: TEST });
requestAnimationFrame(loop);
