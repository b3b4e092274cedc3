// three.js with alpha: true over a dark page: a transparent clear and boxes half see-through, so the
// picture the player saw is the canvas over the page's CSS background, not the canvas's own pixels.
import * as THREE from 'three';
import { drift, exposeGame, H, W } from './shared.ts';

const game = exposeGame();
document.body.style.background = '#1d2433';
const renderer = new THREE.WebGLRenderer({ alpha: true });
renderer.setClearColor(0x000000, 0);
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 100);
camera.position.z = 8;
const boxes = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((color, i) => {
  const material = new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.5 + i * 0.15 });
  const box = new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), material);
  box.position.set(-4.5 + i * 3, (i % 2) * 1.5 - 0.75, 0);
  scene.add(box);
  return box;
});
renderer.setAnimationLoop((t) => {
  boxes.forEach((b, i) => {
    b.rotation.x = drift(t, 0.1) + i;
    b.rotation.y = drift(t, 0.08) + i;
  });
  renderer.render(scene, camera);
  game.frame();
});
