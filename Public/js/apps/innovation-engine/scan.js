// Scan: the camera where the browser can read QR codes itself (BarcodeDetector), and always a
// paste box, because many browsers (Firefox, desktop Safari) have no BarcodeDetector and a
// link pasted from a chat is just as good as a scanned one. Either way, the person first sees
// whose code it is and then chooses to connect (confirm-connect.js).
import { h } from '../../dom.js';
import { field, formAlert, setPending } from '../../forms.js';
import { createConnectFlow } from './confirm-connect.js';

const SCAN_EVERY_MS = 250;

function cameraSupported() {
  return 'BarcodeDetector' in window && Boolean(navigator.mediaDevices?.getUserMedia);
}

export function render(root) {
  let alive = true;
  const result = h('div', { class: 'innovation-engine-result', role: 'status', dataset: { testid: 'ie-scan-result' } });
  const alert = formAlert('ie-scan-error');
  const code = field({ name: 'code', label: 'Paste a link or code', testid: 'ie-scan-input',
    hint: 'A link like …/c/Xy3… or the code under someone’s QR.', autocomplete: 'off',
    autocapitalize: 'none', spellcheck: 'false', maxlength: '2048', inputmode: 'url' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary', dataset: { testid: 'ie-scan-submit' } }, 'Check code');
  const form = h('form', { class: 'card form', novalidate: true, 'aria-label': 'Connect with a link or code' },
    code.wrap, submit);
  const networkLink = h('a', { class: 'btn', href: '#/innovation-engine/network', hidden: true,
    dataset: { testid: 'ie-scan-network' } }, 'My network');

  const flow = createConnectFlow({
    showResult: (text) => { result.textContent = text; },
    showError: (text) => alert.show(text),
    onAsk: () => { if (alive) setPending(form, submit, false); },
    onEnd: ({ connected }) => {
      if (!alive) return;
      setPending(form, submit, false);
      if (connected) {
        networkLink.hidden = false;
        code.input.value = '';
      }
    },
  });

  /** The camera sees the same code many times a second: one look-up at a time. */
  function check(raw) {
    const value = raw.trim();
    if (flow.busy()) return;
    alert.clear();
    result.textContent = '';
    if (!value) {
      code.setError('Paste a link or code first.');
      code.input.focus();
      return;
    }
    setPending(form, submit, true, 'Checking…');
    flow.start(value);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    check(code.input.value);
  });

  const camera = cameraSupported() ? cameraPanel((value) => check(value), () => alive) : null;
  root.append(
    h('p', { class: 'lead' }, 'Scan a friend’s Innovation Engine code, or paste their link.'),
    camera?.el || h('p', { class: 'muted', dataset: { testid: 'ie-camera-unsupported' } },
      'This browser can’t read QR codes from the camera. Your phone’s camera app can: point it at the code and open the link.'),
    alert.el, flow.el, result, h('div', { class: 'actions' }, networkLink), form);
  return () => { alive = false; camera?.stop(); flow.stop(); };
}

/** The camera area: a Start/Stop button, the rear camera in a <video>, detection on a timer. */
function cameraPanel(onCode, isAlive) {
  const video = h('video', { class: 'innovation-engine-video', playsinline: true, muted: true, hidden: true,
    'aria-label': 'Camera preview', dataset: { testid: 'ie-camera-video' } });
  const start = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'ie-camera-start' } },
    'Start camera');
  const note = h('p', { class: 'muted', role: 'status' });
  let stream = null;
  let timer = null;

  function stop() {
    clearInterval(timer);
    timer = null;
    stream?.getTracks().forEach((t) => t.stop()); // turns the camera light off
    stream = null;
    video.srcObject = null;
    video.hidden = true;
    start.textContent = 'Start camera';
  }

  start.addEventListener('click', async () => {
    if (stream) { stop(); note.textContent = ''; return; }
    note.textContent = 'Opening the camera…';
    try {
      const detector = new BarcodeDetector({ formats: ['qr_code'] });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      if (!isAlive()) { stop(); return; }
      video.srcObject = stream;
      video.hidden = false;
      await video.play();
      start.textContent = 'Stop camera';
      note.textContent = 'Point the camera at a QR code.';
      let reading = false; // a slow detect() must not pile up calls behind it
      timer = setInterval(async () => {
        if (video.readyState < 2 || reading) return; // no frame yet, or still reading the last one
        reading = true;
        try {
          const codes = await detector.detect(video);
          const value = codes.find((c) => c.rawValue)?.rawValue;
          if (value && stream) {
            stop();
            note.textContent = 'Code found.';
            onCode(value);
          }
        } catch { /* a frame that can't be read: try the next one */ } finally { reading = false; }
      }, SCAN_EVERY_MS);
    } catch (err) {
      stop();
      note.textContent = err?.name === 'NotAllowedError'
        ? 'Camera permission was refused. You can still paste a link below.'
        : 'The camera could not be started. You can still paste a link below.';
    }
  });

  return { el: h('div', { class: 'innovation-engine-camera' }, start, note, video), stop };
}
