// What every matrix game exposes to the test (frames drawn and the keys it believes are held, from its own
// keydown/keyup listeners, as a game's input system keeps them) and the three.js boxes scene the three.js pages share.
export const W = 640;
export const H = 360;

export function exposeGame(): { frame(): void } {
  const held = new Set<string>();
  window.addEventListener('keydown', (e) => held.add(e.code));
  window.addEventListener('keyup', (e) => held.delete(e.code));
  const game = { frames: 0, held };
  (window as unknown as { __game: typeof game }).__game = game;
  return {
    frame: () => {
      game.frames++;
    },
  };
}

/** Slow motion (radians or pixels per second): a screenshot a few frames apart differs by a few pixels. */
export const drift = (t: number, speed: number) => (t / 1000) * speed;
/** A smooth sway of `amplitude` px (at most amplitude / 2 px per second), with no jump back. */
export const sway = (t: number, amplitude = 20) => amplitude * Math.sin(t / 2000);

/** The parts of three.js (from `three` or `three/webgpu`) the boxes scene is built from. */
type ThreeParts = Pick<
  typeof import('three'),
  'Scene' | 'Color' | 'PerspectiveCamera' | 'Mesh' | 'BoxGeometry' | 'MeshBasicMaterial'
>;

export interface BoxesOptions {
  /** The clear colour behind the boxes; null leaves the scene transparent (a canvas with alpha). */
  background?: number | null;
  /** How many boxes, each its own draw call: 4 coloured boxes in a row, or a grid of small ones. */
  count?: number;
  /** Box i's opacity (see-through boxes); opaque when not given. */
  opacity?: (i: number) => number;
}

const COLOURS = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff];

/**
 * The matrix's three.js scene: coloured boxes before a camera, and `turn(t)` to rotate them slowly (a screenshot
 * a few frames apart differs by a few pixels). The module is passed in, so `three/webgpu` builds the same scene.
 */
export function boxesScene(THREE: ThreeParts, { background = 0x336699, count = 4, opacity }: BoxesOptions = {}) {
  const scene = new THREE.Scene();
  if (background !== null) scene.background = new THREE.Color(background);
  const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 100);
  camera.position.z = 8;
  // Four boxes in a row, or a grid that fills the view at z = 0 (about 13 by 7.5 units), one small box a cell.
  const columns = Math.ceil(Math.sqrt((count * W) / H));
  const cell = 13 / columns;
  const place = (i: number): [number, number] =>
    count <= 4
      ? [-4.5 + i * 3, (i % 2) * 1.5 - 0.75]
      : [-6.5 + ((i % columns) + 0.5) * cell, 3.75 - (Math.floor(i / columns) + 0.5) * cell];
  const size = count <= 4 ? 1.6 : cell * 0.6;
  const geometry = new THREE.BoxGeometry(size, size, size);
  const shared = COLOURS.map((color) => new THREE.MeshBasicMaterial({ color }));
  const boxes = Array.from({ length: count }, (_, i) => {
    const [x, y] = place(i);
    const see = opacity?.(i);
    const material =
      see === undefined
        ? shared[i % 4]
        : new THREE.MeshBasicMaterial({ color: COLOURS[i % 4], transparent: true, opacity: see });
    const box = new THREE.Mesh(geometry, material);
    box.position.set(x, y, 0);
    scene.add(box);
    return box;
  });
  const turn = (t: number) =>
    boxes.forEach((b, i) => {
      b.rotation.x = drift(t, 0.1) + i;
      b.rotation.y = drift(t, 0.08) + i;
    });
  return { scene, camera, turn };
}
