// Rin's pickers open in Kindred's modal dialog.
import { openModal } from '../../modal-dialog.js';
import { icon } from './icons.js';

/** openDialog({ title, testid, body, onClose }) -> { dialog, close() }. */
export function openDialog(options) {
  return openModal({ ...options, app: 'rin', closeContent: icon('close') });
}
