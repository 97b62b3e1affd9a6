// A photo made ready for a page before it is uploaded: the camera's rotation applied, no EXIF
// left (a canvas writes none, so no location leaves the phone), and at most 1600 px on its long
// side, plenty for a 1000 × 1400 page printed at 100 × 140 mm.

const MAX_SIDE = 1600;
const QUALITY = 0.88;

/** A problem with the file itself: only another file can help. */
export class UnusableImage extends Error {}

export const isImage = (file) => (file.type ? file.type.startsWith('image/') : /\.(jpe?g|png|webp|gif|heic|heif|avif)$/i.test(file.name));

/** The photo as a JPEG Blob, with its pixel size: { blob, width, height }. */
export async function prepareImage(file) {
  if (!isImage(file)) throw new UnusableImage('Only photos go on a page. Choose a JPEG, PNG or other image.');
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnusableImage('This browser can’t read this photo. Save it as a JPEG or PNG and try again.');
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff'; // a transparent PNG would otherwise turn black in a JPEG
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b)
      : reject(new UnusableImage('The photo could not be encoded.'))), 'image/jpeg', QUALITY));
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
