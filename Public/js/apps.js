// The app registry: the five Kindred apps as data, and the only place the shell learns of them.
// - id: also the app's route prefix; its home tile links to `#/<id>`, and every route it
//   declares starts with `/<id>` (app-loader.js checks).
// - module: the app's entry module (Public/js/apps/<id>/index.js), exporting `routes` and maybe
//   `boot()`; see app-loader.js.
// - stylesheet: the app's styles (Public/css/<id>.css), its rules scoped under the `.<id>` class
//   the app frame (app-frame.js) puts on <main> while the app is on screen.
// - live: whether the app has shipped. Only live apps are loaded; the others are "Coming soon"
//   tiles, and their module and stylesheet are where those files will go.
// - opens: the paths of links that open the page in the app (`/c/<code>`); the app is loaded
//   before the first screen when the page is opened at one, so its boot() can turn it into a route.
// - glyph: a list of SVG shapes (24x24, stroked with currentColor) drawn by home.js.
// - tint: the tile's colour, if not Kindred's accent.
// Module and stylesheet are URLs made relative to this file, never from the site's root: the page
// loads the client under a versioned prefix (`/static/<version>/`, WebClientFiles on the server)
// that browsers keep for a year, and every file must come from the same one.

const here = (path) => new URL(path, import.meta.url).href;

export const APPS = [
  {
    id: 'innovation-engine',
    name: 'Innovation Engine',
    description: 'Show your QR code, scan a friend’s to connect, and watch your network grow as a constellation.',
    module: here('./apps/innovation-engine/index.js'),
    stylesheet: here('../css/innovation-engine.css'),
    live: true,
    opens: ['/c/'],
    glyph: [
      ['path', { d: 'M6.7 7.2l9.6 1.4M7 8l3.2 7.4M16.8 10l-4.4 5.6' }],
      ['circle', { cx: '5.5', cy: '6.5', r: '2' }],
      ['circle', { cx: '18', cy: '9', r: '2' }],
      ['circle', { cx: '11', cy: '17.5', r: '2' }],
    ],
  },
  {
    id: 'date-an-intervention',
    tint: '#e11d48',
    name: 'Date An Intervention',
    description: 'Swipe through climate interventions written as dating profiles, then chat with your matches in character.',
    module: here('./apps/date-an-intervention/index.js'),
    stylesheet: here('../css/date-an-intervention.css'),
    live: true,
    glyph: [
      ['path', { d: 'M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z' }],
    ],
  },
  {
    id: 'kinnect',
    tint: '#0d9488',
    name: 'Kinnect',
    description: 'A private Instagram for family and friends: photos, videos, likes and comments, only for people you let in.',
    module: here('./apps/kinnect/index.js'),
    stylesheet: here('../css/kinnect.css'),
    live: true,
    glyph: [
      ['circle', { cx: '9', cy: '12', r: '5' }],
      ['circle', { cx: '15', cy: '12', r: '5' }],
    ],
  },
  {
    id: 'rin',
    tint: '#7c3aed',
    name: 'Rin',
    description: 'A living address book that merges duplicates, shares your details by circle and explains your network.',
    module: here('./apps/rin/index.js'),
    stylesheet: here('../css/rin.css'),
    live: true,
    opens: ['/r/'],
    glyph: [
      ['rect', { x: '5', y: '3', width: '14', height: '18', rx: '2' }],
      ['circle', { cx: '12', cy: '10', r: '2.5' }],
      ['path', { d: 'M8.5 16.5c1-2 6-2 7 0' }],
    ],
  },
  {
    id: 'memories',
    tint: '#2563eb',
    name: 'Memories',
    description: 'Share a book with friends: letters become permanent pages of ink, photos and text.',
    module: here('./apps/memories/index.js'),
    stylesheet: here('../css/memories.css'),
    live: true,
    glyph: [
      ['rect', { x: '3', y: '5', width: '18', height: '14', rx: '2' }],
      ['path', { d: 'M3 16l5-5 4 4 3-3 6 6' }],
      ['circle', { cx: '15.5', cy: '9.5', r: '1.5' }],
    ],
  },
];
