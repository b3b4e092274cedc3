// A draw-heavy three.js game: 4,000 boxes, each its own draw call, turning slowly. The bench measures what the
// tag costs while closed beside the same scene without it (test/bench/widget-grab-costs.bench.ts).
import * as THREE from 'three';
import { boxesScene, exposeGame, H, W } from '../games/shared.ts';

const game = exposeGame();
const renderer = new THREE.WebGLRenderer();
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera, turn } = boxesScene(THREE, { count: 4000 });
renderer.setAnimationLoop((t) => {
  turn(t);
  renderer.render(scene, camera);
  // Draw calls of the last frame, for the bench to check the scene is what it says.
  (window as unknown as { __draws: number }).__draws = renderer.info.render.calls;
  game.frame();
});
