// three.js on WebGPURenderer (WebGPU when the browser offers an adapter, else its WebGL 2 backend):
// coloured boxes turning slowly on a blue background.
import * as THREE from 'three/webgpu';
import { boxesScene, exposeGame, H, W } from '../games/shared.ts';

const game = exposeGame();
const renderer = new THREE.WebGPURenderer({ antialias: false });
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera, turn } = boxesScene(THREE);
renderer.init().then(() => {
  (window as unknown as { __backend: string }).__backend = (renderer.backend as { isWebGPUBackend?: boolean })
    .isWebGPUBackend
    ? 'webgpu'
    : 'webgl2';
  renderer.setAnimationLoop((t) => {
    turn(t);
    renderer.render(scene, camera);
    game.frame();
  });
});
