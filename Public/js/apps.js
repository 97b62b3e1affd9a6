// The five Kindred apps as data. When an app ships, flip its `live` to true and the
// home tile becomes a real link to `href`; nothing else needs to change.
// `glyph` is a list of SVG shapes (24x24, stroked with currentColor) drawn by home.js.

export const APPS = [
  {
    id: 'innovation-engine',
    name: 'Innovation Engine',
    description: 'Pitch ideas, find your co-builders and make them real together.',
    href: '/apps/innovation-engine/',
    live: false,
    glyph: [
      ['path', { d: 'M9 18h6M10 21h4' }],
      ['path', { d: 'M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z' }],
    ],
  },
  {
    id: 'date-an-intervention',
    name: 'Date An Intervention',
    description: 'Let the friends who know you best weigh in on who you date.',
    href: '/apps/date-an-intervention/',
    live: false,
    glyph: [
      ['path', { d: 'M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z' }],
    ],
  },
  {
    id: 'kinnect',
    name: 'Kinnect',
    description: 'Stay close to family and chosen family, wherever they are.',
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
    description: 'Gentle nudges to check in with the people who matter.',
    href: '/apps/rin/',
    live: false,
    glyph: [
      ['path', { d: 'M6 16v-5a6 6 0 0 1 12 0v5l1.5 2h-15z' }],
      ['path', { d: 'M10 20.5a2 2 0 0 0 4 0' }],
    ],
  },
  {
    id: 'memories',
    name: 'Memories',
    description: 'Keep the photos and moments you shared, with the people who were there.',
    href: '/apps/memories/',
    live: false,
    glyph: [
      ['rect', { x: '3', y: '5', width: '18', height: '14', rx: '2' }],
      ['path', { d: 'M3 16l5-5 4 4 3-3 6 6' }],
      ['circle', { cx: '15.5', cy: '9.5', r: '1.5' }],
    ],
  },
];
