// Drawing one stroke of ink in its frame box [0, w] × [0, h] (renderer.js has moved the context
// there). Every size is in page units, so a stroke looks the same at any scale:
// - pen: the width follows the pressure, width × (0.35 + 0.65 × pressure), drawn as one filled
//   shape (a disc at each point joined by quads), so a translucent colour never doubles up;
// - pencil: thin and even (width × 0.6), slightly translucent;
// - marker: even width, half transparent.

/** '#rrggbb' / '#rrggbbaa' -> { r, g, b, a (0..1) }. */
export function parseColor(hex) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex || '');
  if (!m) return { r: 27, g: 27, b: 31, a: 1 };
  return { r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16), a: m[4] ? parseInt(m[4], 16) / 255 : 1 };
}

export const rgba = ({ r, g, b, a }, alpha = 1) => `rgba(${r}, ${g}, ${b}, ${+(a * alpha).toFixed(4)})`;

const TOOL_ALPHA = { pen: 1, pencil: 0.85, marker: 0.5 };

/** The stroke's radius at a point, in page units. */
export function radiusAt(element, pressure) {
  if (element.tool === 'pen') return (element.width * (0.35 + 0.65 * pressure)) / 2;
  if (element.tool === 'pencil') return (element.width * 0.6) / 2;
  return element.width / 2;
}

export function drawInk(ctx, element, w, h) {
  const points = element.points || [];
  if (!points.length) return;
  const color = parseColor(element.color);
  const alpha = TOOL_ALPHA[element.tool] ?? 1;
  if (element.tool === 'pen') {
    ctx.fillStyle = rgba(color, alpha);
    ctx.fill(penOutline(element, points, w, h), 'nonzero');
    return;
  }
  const radius = radiusAt(element, 0.5);
  ctx.strokeStyle = rgba(color, alpha);
  ctx.fillStyle = rgba(color, alpha);
  ctx.lineWidth = radius * 2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (points.length === 1) {
    ctx.beginPath();
    ctx.arc(points[0][0] * w, points[0][1] * h, radius, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(points[0][0] * w, points[0][1] * h);
  // Through the midpoints with the samples as control points: a smooth line, drawn in one stroke.
  for (let i = 1; i < points.length - 1; i += 1) {
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    ctx.quadraticCurveTo(x * w, y * h, ((x + nx) / 2) * w, ((y + ny) / 2) * h);
  }
  const last = points[points.length - 1];
  ctx.lineTo(last[0] * w, last[1] * h);
  ctx.stroke();
}

/**
 * A pen stroke's shape: a disc at every point and a quad between each pair, every piece wound
 * the same way, so a nonzero fill paints their union once.
 */
function penOutline(element, points, w, h) {
  const path = new Path2D();
  let prev = null;
  for (const p of points) {
    const x = p[0] * w;
    const y = p[1] * h;
    const r = radiusAt(element, p[2]);
    path.moveTo(x + r, y);
    path.arc(x, y, r, 0, Math.PI * 2, false);
    if (prev) {
      const dx = x - prev.x;
      const dy = y - prev.y;
      const len = Math.hypot(dx, dy);
      if (len > 1e-6) {
        const nx = -dy / len;
        const ny = dx / len;
        // Clockwise on screen (y down), like the arcs above.
        const quad = [
          [prev.x - nx * prev.r, prev.y - ny * prev.r], [x - nx * r, y - ny * r],
          [x + nx * r, y + ny * r], [prev.x + nx * prev.r, prev.y + ny * prev.r],
        ];
        if (signedArea(quad) < 0) quad.reverse();
        path.moveTo(quad[0][0], quad[0][1]);
        for (let k = 1; k < 4; k += 1) path.lineTo(quad[k][0], quad[k][1]);
        path.closePath();
      }
    }
    prev = { x, y, r };
  }
  return path;
}

/** Positive when the polygon runs clockwise on a y-down screen, as arc(…, false) does. */
function signedArea(poly) {
  let area = 0;
  for (let i = 0; i < poly.length; i += 1) {
    const [x1, y1] = poly[i];
    const [x2, y2] = poly[(i + 1) % poly.length];
    area += x1 * y2 - x2 * y1;
  }
  return area / 2;
}
