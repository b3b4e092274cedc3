// The game facts of the knowledge-base tests and benchmark: a small game with mechanics, controls, system
// requirements and a glossary, so each kind of game-fact document has text to match.
export const GAME_FACTS = {
  description: 'Star Courier is a physics-based delivery game set in a busy solar system.',
  genre: 'Arcade racing',
  platforms: ['Web', 'Windows'],
  core_mechanics: {
    key_features: ['Orbital slingshots', 'Cargo juggling'],
    game_modes: ['Story', 'Time trial'],
    controls: { pc: { thrust: 'W', boost: 'Left Shift' }, console: { boost: 'Right trigger' } },
  },
  technical_specifications: {
    supported_platforms: ['Windows 10'],
    minimum_system_requirements: { ram: '8 GB', gpu: 'GeForce GTX 960' },
  },
  glossary: {
    items: [{ term: 'Flux capacitor', definition: 'An upgrade that doubles your boost duration.' }],
    locations: [{ term: 'Hub 7', definition: 'The central depot where every shift begins.' }],
  },
};
