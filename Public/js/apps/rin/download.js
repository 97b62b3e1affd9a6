// Saving a vCard the API gave as a Blob: a link to it clicked once, then let go. The export
// needs the Authorization header, so a plain <a href> to the API can't fetch it itself.

/** "Ada Lovelace" -> "Ada Lovelace.vcf": a file name every system accepts. */
export function vcardName(name) {
  const safe = String(name || 'contact').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${safe || 'contact'}.vcf`;
}

export function saveBlob(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; a minute is plenty for a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
