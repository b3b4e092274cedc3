// The small projects the packed-package test writes into its temp folder: a strict TypeScript consumer per module
// resolution, a Vite game, and a plain Node check. Strings, so the repository's own type check never reads them.

const strict = {
  target: 'ES2022',
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
};

/** A browser game bundled by a tool: `moduleResolution: bundler`, no Node types. */
const bundler = {
  'bundler/tsconfig.json': JSON.stringify({
    compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'bundler', types: [] },
    files: ['main.ts'],
  }),
  'bundler/main.ts': `import { breadcrumb, init, on, open, setCustomField, type GlitchboxOptions } from 'glitchbox';
import { createReporter } from 'glitchbox/core';
import { operations } from 'glitchbox/protocol';

const options: GlitchboxOptions = { projectId: 'pr-1001', token: 'tkn-game', endpoint: 'https://feedback.example.com' };
init(options);
const off: () => void = on('open', () => undefined);
breadcrumb('info', 'Wave 3 started');
setCustomField('level', '3');
void open().then(off);
export const used = [createReporter, operations];
`,
};

/** A Node 20 tool: `module`/`moduleResolution: nodenext`, an ES module package. */
const nodenext = {
  'nodenext/package.json': JSON.stringify({ type: 'module' }),
  'nodenext/tsconfig.json': JSON.stringify({
    compilerOptions: { ...strict, module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'] },
    files: ['main.ts'],
  }),
  'nodenext/main.ts': `import { init } from 'glitchbox';
import { createNodeReporter, fileAttachment, type ReportResult } from 'glitchbox/node';

const reporter = createNodeReporter({ endpoint: 'http://127.0.0.1:4010', projectId: 'pr-1001', token: 'tkn-game' });
const result: ReportResult = await reporter.report({
  kind: 'bug',
  description: 'Shard 4 panics on restart',
  attachments: [await fileAttachment('server.log')],
});
reporter.close();
export const used = [init, result.status];
`,
};

/** The Vite game: one canvas, the widget imported from npm. */
const game = {
  'game/index.html':
    '<!doctype html><html><body><canvas id="game"></canvas><script type="module" src="./main.js"></script></body></html>',
  'game/main.js': `import { breadcrumb, init } from 'glitchbox';
init({ projectId: 'pr-1001', token: 'tkn-game', endpoint: 'http://127.0.0.1:4010', canvas: '#game' });
breadcrumb('info', 'game started');
`,
  'empty/index.html':
    '<!doctype html><html><body><canvas id="game"></canvas><script type="module" src="./main.js"></script></body></html>',
  'empty/main.js': "document.title = 'no widget';\n",
};

/** Plain Node importing the browser entry (as server-side rendering does) and calling init() twice. */
const ssr = {
  'ssr.mjs': `import * as glitchbox from 'glitchbox';
glitchbox.init({ projectId: 'pr-1001', token: 'tkn-game', endpoint: 'http://127.0.0.1:4010' });
glitchbox.init({ projectId: 'pr-1001', token: 'tkn-game', endpoint: 'http://127.0.0.1:4010' });
glitchbox.breadcrumb('info', 'rendered on the server');
await glitchbox.open();
console.log(JSON.stringify({ exports: Object.keys(glitchbox).sort(), open: glitchbox.isOpen() }));
`,
  'unknown-option.mjs': `import { createNodeReporter } from 'glitchbox/node';
createNodeReporter({ endpoint: 'http://127.0.0.1:4010', projectID: 'pr-1001', token: 'tkn-game' });
`,
};

export const consumerFiles: Record<string, string> = { ...bundler, ...nodenext, ...game, ...ssr };
