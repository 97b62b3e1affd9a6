// What a post's items become before upload, made here in the browser (the server only checks):
// - a photo: a display JPEG at most 1080 px wide and a thumbnail at most 400 px wide, the same
//   proportions, the camera's rotation applied (createImageBitmap 'from-image') and no EXIF left
//   (a canvas writes none), so no location leaves the phone;
// - a video: uploaded as it is (MP4 or MOV, at most 100 MiB and 60 s, checked here first for an
//   early, clear message), with a poster JPEG drawn from its first frames.

export const DISPLAY_WIDTH = 1080;
export const THUMBNAIL_WIDTH = 400;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 60;
const JPEG_QUALITY = 0.86;
const METADATA_MS = 20_000;

/** A problem with the file itself: trying it again can't help, only another file can. */
export class UnusableFile extends Error {}

/** 'photo', 'video' or null, from the type the browser reports (or the name when it reports none). */
export function kindOf(file) {
  const type = (file.type || '').toLowerCase();
  if (type === 'video/mp4' || type === 'video/quicktime') return 'video';
  if (type.startsWith('video/')) return null;
  if (type.startsWith('image/')) return 'photo';
  if (/\.(mp4|m4v|mov)$/i.test(file.name)) return 'video';
  if (/\.(jpe?g|png|webp|heic|heif|gif|avif)$/i.test(file.name)) return 'photo';
  return null;
}

/** width x height scaled down (never up) to at most maxWidth across, proportions kept. */
export function fitWidth(width, height, maxWidth) {
  const w = Math.min(maxWidth, width);
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}

function toJpeg(source, width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff'; // a transparent PNG would otherwise turn black in a JPEG
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve({ blob, canvas })
    : reject(new Error('The picture could not be encoded.'))), 'image/jpeg', JPEG_QUALITY));
}

async function decode(file) {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnusableFile('This browser can’t read this photo. Save it as a JPEG or PNG and try again.');
  }
}

/** { display, thumbnail } JPEG blobs of a photo file. */
export async function photoRenditions(file) {
  const bitmap = await decode(file);
  try {
    const big = fitWidth(bitmap.width, bitmap.height, DISPLAY_WIDTH);
    const display = await toJpeg(bitmap, big.width, big.height);
    // The thumbnail is drawn from the display canvas: a smaller step down looks sharper.
    const small = fitWidth(big.width, big.height, THUMBNAIL_WIDTH);
    const thumbnail = await toJpeg(display.canvas, small.width, small.height);
    return { display: display.blob, thumbnail: thumbnail.blob };
  } finally {
    bitmap.close();
  }
}

function once(target, ok, fail, ms, message) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { cleanup(); reject(new UnusableFile(message)); }, ms);
    const onOk = () => { cleanup(); resolve(); };
    const onFail = () => { cleanup(); reject(new UnusableFile(message)); };
    function cleanup() {
      clearTimeout(timer);
      target.removeEventListener(ok, onOk);
      target.removeEventListener(fail, onFail);
    }
    target.addEventListener(ok, onOk);
    target.addEventListener(fail, onFail);
  });
}

/** A video file's length (checked against the limit) and a poster: { poster, duration }. */
export async function videoRenditions(file) {
  if (file.size > VIDEO_MAX_BYTES) throw new UnusableFile('This video is larger than 100 MB. Choose a shorter or smaller one.');
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const unreadable = 'This browser can’t read this video. Try an MP4 or MOV file from your camera.';
    const loaded = once(video, 'loadeddata', 'error', METADATA_MS, unreadable);
    video.src = url;
    await loaded;
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration > VIDEO_MAX_SECONDS + 0.5) {
      throw new UnusableFile(`This video is ${Number.isFinite(duration) ? `${Math.round(duration)} seconds` : 'too'} long. `
        + `Videos can be up to ${VIDEO_MAX_SECONDS} seconds.`);
    }
    if (!video.videoWidth || !video.videoHeight) throw new UnusableFile('This file has no picture to show.');
    // A frame just after the start: the very first one is often black.
    const seeked = once(video, 'seeked', 'error', METADATA_MS, unreadable);
    video.currentTime = Math.min(0.1, duration / 2);
    await seeked;
    const size = fitWidth(video.videoWidth, video.videoHeight, DISPLAY_WIDTH);
    const { blob } = await toJpeg(video, size.width, size.height);
    return { poster: blob, duration };
  } finally {
    video.removeAttribute('src');
    video.load(); // lets go of the file
    URL.revokeObjectURL(url);
  }
}
