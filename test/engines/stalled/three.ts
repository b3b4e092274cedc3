// three.js (alpha: false, no preserveDrawingBuffer) whose loop throws after 40 frames: a frozen game.
import * as THREE from 'three';
import { exposeGame, H, W } from '../games/shared.ts';
import { failAfterFrames } from './stop.ts';

const game = exposeGame();
const renderer = new THREE.WebGLRenderer({ alpha: false });
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x336699);
const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 100);
camera.position.z = 8;
scene.add(new THREE.Mesh(new THREE.BoxGeometry(2, 2, 2), new THREE.MeshBasicMaterial({ color: 0xff6644 })));
renderer.setAnimationLoop(() => {
  renderer.render(scene, camera);
  game.frame();
  failAfterFrames();
});
