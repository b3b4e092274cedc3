// three.js (alpha: false, no preserveDrawingBuffer) whose loop throws after 40 frames: a frozen game.
import * as THREE from 'three';
import { boxesScene, exposeGame, H, W } from '../games/shared.ts';
import { failAfterFrames } from './stop.ts';

const game = exposeGame();
const renderer = new THREE.WebGLRenderer({ alpha: false });
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera } = boxesScene(THREE);
renderer.setAnimationLoop(() => {
  renderer.render(scene, camera);
  game.frame();
  failAfterFrames();
});
