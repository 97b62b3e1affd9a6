// The five Kindred apps as data. When an app ships, flip its `live` to true and the
// home tile becomes a real link to `href`; nothing else needs to change.
// `glyph` is a list of SVG shapes (24x24, stroked with currentColor) drawn by home.js.

export const APPS = [
  {
    id: 'innovation-engine',
    name: 'Innovation Engine',
    description: 'Show your QR code, scan a friend’s to connect, and watch your network grow as a constellation.',
    href: '#/innovation-engine',
    live: true,
    glyph: [
      ['path', { d: 'M6.7 7.2l9.6 1.4M7 8l3.2 7.4M16.8 10l-4.4 5.6' }],
      ['circle', { cx: '5.5', cy: '6.5', r: '2' }],
      ['circle', { cx: '18', cy: '9', r: '2' }],
      ['circle', { cx: '11', cy: '17.5', r: '2' }],
    ],
  },
  {
    id: 'date-an-intervention',
    name: 'Date An Intervention',
    description: 'Swipe through climate interventions written as dating profiles, then chat with your matches in character.',
    href: '#/date-an-intervention',
    live: true,
    glyph: [
      ['path', { d: 'M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z' }],
    ],
  },
  {
    id: 'kinnect',
    name: 'Kinnect',
    description: 'A private Instagram for family and friends: photos, videos, likes and comments, only for people you let in.',
    href: '/apps/kinnect/',
    live: false,
    glyph: [
      ['circle', { cx: '9', cy: '12', r: '5' }],
      ['circle', { cx: '15', cy: '12', r: '5' }],
    ],
  },
  {
    id: 'rin',
    name: 'Rin',
    description: 'A living address book that merges duplicates, shares your details by circle and explains your network.',
    href: '/apps/rin/',
    live: false,
    glyph: [
      ['rect', { x: '5', y: '3', width: '14', height: '18', rx: '2' }],
      ['circle', { cx: '12', cy: '10', r: '2.5' }],
      ['path', { d: 'M8.5 16.5c1-2 6-2 7 0' }],
    ],
  },
  {
    id: 'memories',
    name: 'Memories',
    description: 'Share a book with friends: letters become permanent pages of ink, photos and text.',
    href: '/apps/memories/',
    live: false,
    glyph: [
      ['rect', { x: '3', y: '5', width: '18', height: '14', rx: '2' }],
      ['path', { d: 'M3 16l5-5 4 4 3-3 6 6' }],
      ['circle', { cx: '15.5', cy: '9.5', r: '1.5' }],
    ],
  },
];
