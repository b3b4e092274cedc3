// Phaser 3 (AUTO picks WebGL): rectangles sliding over a blue background, in the scene's update loop.
import Phaser from 'phaser';
import { drift, exposeGame, sway, H, W } from './shared.ts';

const game = exposeGame();
let rects: Phaser.GameObjects.Rectangle[] = [];
new Phaser.Game({
  type: Phaser.AUTO,
  width: W,
  height: H,
  backgroundColor: '#336699',
  banner: false,
  audio: { noAudio: true },
  scene: {
    create(this: Phaser.Scene) {
      rects = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((c, i) =>
        this.add.rectangle(80 + i * 150, 120 + (i % 2) * 120, 110, 90, c),
      );
      this.add.text(20, 20, 'PHASER', { fontSize: '32px', color: '#ffffff' });
    },
    update(this: Phaser.Scene, t: number) {
      rects.forEach((r, i) => {
        r.x = 80 + i * 150 + sway(t);
        r.angle = drift(t, 2) + i * 10;
      });
      game.frame();
    },
  },
});
