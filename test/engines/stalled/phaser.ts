// Phaser 3 (WebGL, transparent: false, so alpha: false) whose scene update throws after 40 frames.
import Phaser from 'phaser';
import { exposeGame, H, W } from '../games/shared.ts';
import { failAfterFrames } from './stop.ts';

const game = exposeGame();
new Phaser.Game({
  type: Phaser.WEBGL,
  width: W,
  height: H,
  backgroundColor: '#336699',
  transparent: false,
  banner: false,
  audio: { noAudio: true },
  scene: {
    create(this: Phaser.Scene) {
      this.add.rectangle(W / 2, H / 2, 160, 120, 0xff6644);
    },
    update() {
      game.frame();
      failAfterFrames();
    },
  },
});
