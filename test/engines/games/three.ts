// three.js: coloured boxes turning slowly on a blue background, driven by renderer.setAnimationLoop.
import * as THREE from 'three';
import { boxesScene, exposeGame, H, W } from './shared.ts';

const game = exposeGame();
const renderer = new THREE.WebGLRenderer();
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera, turn } = boxesScene(THREE);
renderer.setAnimationLoop((t) => {
  turn(t);
  renderer.render(scene, camera);
  game.frame();
});
