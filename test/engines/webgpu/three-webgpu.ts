// three.js on WebGPURenderer (WebGPU when the browser offers an adapter, else its WebGL 2 backend):
// coloured boxes turning slowly on a blue background.
import * as THREE from 'three/webgpu';
import { drift, exposeGame, H, W } from '../games/shared.ts';

const game = exposeGame();
const renderer = new THREE.WebGPURenderer({ antialias: false });
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x336699);
const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 100);
camera.position.z = 8;
const boxes = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((color, i) => {
  const box = new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), new THREE.MeshBasicMaterial({ color }));
  box.position.set(-4.5 + i * 3, (i % 2) * 1.5 - 0.75, 0);
  scene.add(box);
  return box;
});
renderer.init().then(() => {
  (window as unknown as { __backend: string }).__backend = (renderer.backend as { isWebGPUBackend?: boolean })
    .isWebGPUBackend
    ? 'webgpu'
    : 'webgl2';
  renderer.setAnimationLoop((t) => {
    boxes.forEach((b, i) => {
      b.rotation.x = drift(t, 0.1) + i;
      b.rotation.y = drift(t, 0.08) + i;
    });
    renderer.render(scene, camera);
    game.frame();
  });
});
