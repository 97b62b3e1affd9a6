// Memories' small forms (the book's title and cover) open in Kindred's modal dialog.
import { openModal } from '../../modal-dialog.js';
import { icon } from './icons.js';

/** openDialog({ title, testid, body, onClose }) -> { dialog, close() }. */
export function openDialog(options) {
  return openModal({ ...options, app: 'memories', closeContent: icon('close'), closeClass: 'memories-dialog-close' });
}
