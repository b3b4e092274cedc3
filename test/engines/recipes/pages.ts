// The recipe pages of docs/widget.md#recipes-per-engine, each written as its recipe says: the engine's own page
// template (Unity 2018, 2019, 2020+, an Emscripten/raylib shell, PlayCanvas, an iframe portal with its bridge)
// with the tag where the recipe puts it. The engines' scripts are the stand-ins and npm builds in this folder.

/** The tag as the recipes show it, with the recipe's extra attributes. */
const tag = (extra = '') =>
  '<script src="/widget/glitchbox.js" data-project="pr-4242" data-token="tkn-demo" data-endpoint="/" ' +
  `data-hotkey="F8" data-locale="en" data-playtime="false"${extra ? ` ${extra}` : ''}></script>`;

const head = (title: string, inHead: string) =>
  `<!DOCTYPE html><html lang="en-us"><head><meta charset="utf-8"><title>${title}</title>${inHead}</head>`;

/** Unity 2018 and 2019: the loader and instantiate() in <head>, the container in the body; tag first. */
function unityLegacy(container: 'gameContainer' | 'unityContainer', instance: string): string {
  return (
    head(
      'Unity WebGL Player | Recipe',
      tag(`data-canvas="#${container} canvas"`) +
        '<script src="unity-legacy-loader.js"></script>' +
        `<script>var ${instance} = UnityLoader.instantiate("${container}", "Build/recipe.json", ` +
        '{onProgress: function () {}});</script>',
    ) +
    `<body style="margin:0"><div class="webgl-content"><div id="${container}" style="width: 640px; height: 400px">` +
    '</div></div></body></html>'
  );
}

/** Unity 2020+: the template's canvas, its config (with the recipe's context attributes), the loader added late. */
const UNITY_2020 =
  head('Unity WebGL Player | Recipe', tag('data-canvas="#unity-canvas"')) +
  '<body style="margin:0"><div id="unity-container" class="unity-desktop">' +
  '<canvas id="unity-canvas" width="640" height="400" tabindex="-1" style="width: 640px; height: 400px"></canvas>' +
  `</div><script>
var canvas = document.querySelector("#unity-canvas");
var config = {
  dataUrl: "Build/recipe.data", frameworkUrl: "Build/recipe.framework.js", codeUrl: "Build/recipe.wasm",
  streamingAssetsUrl: "StreamingAssets", companyName: "Glitchbox", productName: "Recipe", productVersion: "1.0",
  webglContextAttributes: { preserveDrawingBuffer: true },
};
var script = document.createElement("script");
script.src = "unity-loader.js";
script.onload = () => {
  createUnityInstance(canvas, config, (progress) => {}).then((unityInstance) => {
    window.unityInstance = unityInstance;
  });
};
document.body.appendChild(script);
</script></body></html>`;

/**
 * An Emscripten shell as raylib ships it: Module.canvas is #canvas, black behind it; the tag first in <head>, or
 * (`late`) after the game's script, so the engine's capture-phase key listeners are registered before the tag's.
 */
const emscriptenShell = (after = '', late = false) =>
  head(
    'raylib web game',
    (late ? '' : tag()) +
      '<style>body { margin: 0; } canvas.emscripten { border: 0px none; background-color: black; }</style>',
  ) +
  '<body><canvas class="emscripten" id="canvas" oncontextmenu="event.preventDefault()" tabindex="-1" ' +
  'style="width: 640px; height: 400px"></canvas>' +
  "<script>var Module = { print: console.log, canvas: document.getElementById('canvas') };</script>" +
  (late ? `<script src="emscripten-game.js"></script>${tag()}` : '<script async src="emscripten-game.js"></script>') +
  `${after}</body></html>`;

/** The iframe bridge, in the game's frame: the portal asks, the game's own tag opens the form. */
const BRIDGE_IN_GAME = `<script>
addEventListener('message', (e) => {
  if (e.source === window.parent && e.data === 'glitchbox:open') window.Glitchbox?.open();
});
</script>`;

const PORTAL =
  head('Games portal', '') +
  '<body style="margin:0;background:#eee"><button id="report-bug" style="margin:8px">Report a bug</button>' +
  '<iframe id="game" src="bridge-game.html" width="660" height="420" style="border:0;margin:8px"></iframe>' +
  `<script>
document.querySelector('#report-bug').onclick = () =>
  document.querySelector('#game').contentWindow.postMessage('glitchbox:open', location.origin);
</script></body></html>`;

const PLAYCANVAS = `${head('PlayCanvas game', tag())}<body style="margin:0"><script src="playcanvas-game.js"></script></body></html>`;

/** Page name -> HTML, served under /engines next to the bundled scripts. */
export const RECIPE_PAGES: Record<string, string> = {
  'unity-2018.html': unityLegacy('gameContainer', 'gameInstance'),
  'unity-2019.html': unityLegacy('unityContainer', 'unityInstance'),
  'unity-2020.html': UNITY_2020,
  'emscripten.html': emscriptenShell(),
  'emscripten-late.html': emscriptenShell('', true),
  'bridge-game.html': emscriptenShell(BRIDGE_IN_GAME),
  'bridge-portal.html': PORTAL,
  'playcanvas.html': PLAYCANVAS,
};

/** The scripts bundled from this folder (each an IIFE, as a build ships it). */
export const RECIPE_SCRIPTS = ['unity-legacy-loader', 'unity-loader', 'emscripten-game', 'playcanvas-game'];
