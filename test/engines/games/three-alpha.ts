// three.js with alpha: true over a dark page: a transparent clear and boxes half see-through, so the
// picture the player saw is the canvas over the page's CSS background, not the canvas's own pixels.
import * as THREE from 'three';
import { boxesScene, exposeGame, H, W } from './shared.ts';

const game = exposeGame();
document.body.style.background = '#1d2433';
const renderer = new THREE.WebGLRenderer({ alpha: true });
renderer.setClearColor(0x000000, 0);
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera, turn } = boxesScene(THREE, { background: null, opacity: (i) => 0.5 + i * 0.15 });
renderer.setAnimationLoop((t) => {
  turn(t);
  renderer.render(scene, camera);
  game.frame();
});
