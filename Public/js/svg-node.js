// A QR code (or any SVG) the server sends as text, turned into a node without innerHTML; shared
// by the apps that show one.
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The server's SVG as a live <svg> node, without innerHTML: parsed as XML, scripts and event
 * attributes dropped (belt and braces: it is our own server's output, but it is still markup),
 * then imported into this document. Returns null if it isn't an SVG document.
 */
export function svgNode(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (!svg || svg.namespaceURI !== SVG_NS || svg.localName !== 'svg' || doc.querySelector('parsererror')) return null;
  for (const el of [svg, ...svg.querySelectorAll('*')]) {
    if (['script', 'foreignObject'].includes(el.localName)) { el.remove(); continue; }
    for (const attr of [...el.attributes]) {
      const external = /^(href|xlink:href)$/.test(attr.name) && !attr.value.startsWith('#');
      if (attr.name.startsWith('on') || external) el.removeAttribute(attr.name);
    }
  }
  // Size comes from CSS; a viewBox keeps it scaling crisply when the server gave only width/height.
  const w = parseFloat(svg.getAttribute('width'));
  const ht = parseFloat(svg.getAttribute('height'));
  if (!svg.hasAttribute('viewBox') && w && ht) svg.setAttribute('viewBox', `0 0 ${w} ${ht}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.removeAttribute('style'); // inline styles would be a CSP violation anyway
  return document.importNode(svg, true);
}
