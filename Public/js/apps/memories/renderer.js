// The one way a page becomes pixels: the viewer, the editor, thumbnails and print all draw
// through here, so a page looks the same everywhere. Everything is drawn in page units (the
// 1000 × 1400 sheet) under one scale, paper first, then the elements by z; each element is drawn
// in its own frame box, moved to the frame's centre and turned by its rotation.
import { PAGE_HEIGHT, PAGE_WIDTH, drawingOrder } from './canvas-model.js';
import { drawInk } from './render-ink.js';
import { drawText } from './render-text.js';

const PAPER = '#fbf6ea';
const RULE = 'rgba(66, 112, 168, 0.35)';
const GRID = 'rgba(66, 112, 168, 0.22)';
const DOT = 'rgba(60, 60, 70, 0.35)';
const PLACEHOLDER = '#e6e0d4';
const STEP = 50;

function drawPaper(ctx, paper) {
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, PAGE_WIDTH, PAGE_HEIGHT);
  if (paper === 'lined') {
    ctx.fillStyle = RULE;
    for (let y = 150; y < PAGE_HEIGHT; y += STEP) ctx.fillRect(0, y - 1, PAGE_WIDTH, 2);
  } else if (paper === 'grid') {
    ctx.fillStyle = GRID;
    for (let y = STEP; y < PAGE_HEIGHT; y += STEP) ctx.fillRect(0, y - 0.75, PAGE_WIDTH, 1.5);
    for (let x = STEP; x < PAGE_WIDTH; x += STEP) ctx.fillRect(x - 0.75, 0, 1.5, PAGE_HEIGHT);
  } else if (paper === 'dotted') {
    ctx.fillStyle = DOT;
    ctx.beginPath();
    for (let y = STEP; y < PAGE_HEIGHT; y += STEP) {
      for (let x = STEP; x < PAGE_WIDTH; x += STEP) {
        ctx.moveTo(x + 2.5, y);
        ctx.arc(x, y, 2.5, 0, Math.PI * 2);
      }
    }
    ctx.fill();
  }
}

/** A photo covering its frame: scaled to fill it, centred, the overflow cropped. */
function drawPhoto(ctx, element, w, h, images) {
  const img = images?.get(element.mediaId);
  if (!img || !img.naturalWidth) {
    ctx.fillStyle = PLACEHOLDER;
    ctx.fillRect(0, 0, w, h);
    return;
  }
  const iw = img.naturalWidth;
  const ih = img.naturalHeight;
  const scale = Math.max(w / iw, h / ih);
  const sw = w / scale;
  const sh = h / scale;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, (iw - sw) / 2, (ih - sh) / 2, sw, sh, 0, 0, w, h);
}

/** Draws one element where it belongs (the context is in page units). */
export function drawElement(ctx, element, images) {
  const { x, y, width: w, height: h } = element.frame;
  ctx.save();
  ctx.translate(x + w / 2, y + h / 2);
  if (element.rotation) ctx.rotate((element.rotation * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  if (element.type === 'ink') drawInk(ctx, element, w, h);
  else if (element.type === 'photo') drawPhoto(ctx, element, w, h, images);
  else if (element.type === 'text') drawText(ctx, element, w);
  ctx.restore();
}

/**
 * Draws `canvas` (the page JSON) into a 2D context whose pixels are `scale` per page unit.
 * skip: an element id left out (the editor draws a stroke in progress on its own layer).
 */
export function drawPage(ctx, canvas, { scale, images, skip = null }) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.beginPath();
  ctx.rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT);
  ctx.clip(); // what hangs off the sheet isn't drawn
  drawPaper(ctx, canvas.paper);
  for (const element of drawingOrder(canvas)) {
    if (element.id !== skip) drawElement(ctx, element, images);
  }
  ctx.restore();
}

/**
 * Draws a page into a <canvas> on screen at its laid-out CSS width (or `width`), sharp on any
 * screen: the bitmap is devicePixelRatio times the CSS size. Returns the scale used.
 */
export function paint(el, canvas, { images, width = el.clientWidth, skip = null } = {}) {
  const cssWidth = Math.max(1, width || 0);
  const dpr = window.devicePixelRatio || 1;
  const pxWidth = Math.max(1, Math.round(cssWidth * dpr));
  const pxHeight = Math.max(1, Math.round((pxWidth * PAGE_HEIGHT) / PAGE_WIDTH));
  if (el.width !== pxWidth) el.width = pxWidth;
  if (el.height !== pxHeight) el.height = pxHeight;
  const ctx = el.getContext('2d');
  const scale = pxWidth / PAGE_WIDTH;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, pxWidth, pxHeight);
  drawPage(ctx, canvas, { scale, images, skip });
  return scale;
}

/**
 * The page as an image Blob `pxWidth` pixels across (thumbnails, print), once its photos have
 * loaded. type: 'image/png' | 'image/jpeg'.
 */
export async function pageBlob(canvas, images, { pxWidth = PAGE_WIDTH, type = 'image/png', quality = 0.92 } = {}) {
  await images.ready(canvas);
  const el = document.createElement('canvas');
  el.width = pxWidth;
  el.height = Math.round((pxWidth * PAGE_HEIGHT) / PAGE_WIDTH);
  drawPage(el.getContext('2d'), canvas, { scale: pxWidth / PAGE_WIDTH, images });
  return new Promise((resolve, reject) => el.toBlob((blob) => (blob ? resolve(blob)
    : reject(new Error('The page could not be drawn.'))), type, quality));
}
