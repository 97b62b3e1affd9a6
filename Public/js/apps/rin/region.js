// Rin's settings: the default region, which reads a phone number typed without its country code.
// Common regions are a list; any other is two letters (ISO 3166-1), checked by the server against
// the regions whose numbering Rin knows.
import { h, uid } from '../../dom.js';
import { clearErrors, formAlert, setPending, showApiError, statusLine } from '../../forms.js';
import { keepSettings, loadSettings } from './acting.js';
import * as client from './client.js';
import { screenState } from './state.js';

const COMMON = ['US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'CH', 'PL', 'IN', 'JP', 'KR', 'CN',
  'BR', 'MX', 'ZA', 'NG', 'SG'];
const OTHER = 'other';

function regionName(code) {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) || code;
  } catch {
    return code;
  }
}

/** The settings section of the Profile tab. */
export function settingsSection() {
  const selectId = uid('rin-region');
  const select = h('select', { id: selectId, class: 'rin-select', dataset: { testid: 'rin-region-select' } },
    COMMON.map((code) => h('option', { value: code }, `${regionName(code)} (${code})`)),
    h('option', { value: OTHER }, 'Another region…'));
  const otherId = uid('rin-region-other');
  const other = h('input', { type: 'text', id: otherId, maxlength: '2', autocomplete: 'off', autocapitalize: 'characters',
    spellcheck: 'false', placeholder: 'e.g. PT', class: 'rin-region-code', dataset: { testid: 'rin-region-other' } });
  const errorId = `${otherId}-error`;
  const error = h('p', { class: 'field-error', id: errorId, dataset: { testid: 'error-defaultRegion' } });
  const otherWrap = h('div', { class: 'field', hidden: true },
    h('label', { for: otherId }, 'Two-letter region code'), other, error);
  const region = {
    input: other,
    setError(message) {
      error.textContent = message || '';
      if (message) { other.setAttribute('aria-invalid', 'true'); other.setAttribute('aria-describedby', errorId); }
      else { other.removeAttribute('aria-invalid'); other.removeAttribute('aria-describedby'); }
    },
  };
  const alert = formAlert('rin-settings-error');
  const status = statusLine('rin-settings-status');
  const state = screenState('rin-settings-state');
  const save = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-region-save' } }, 'Save');
  const form = h('form', { class: 'rin-form', novalidate: true, hidden: true, dataset: { testid: 'rin-settings' } },
    alert.el,
    h('div', { class: 'field' }, h('label', { for: selectId }, 'Default region'), select,
      h('p', { class: 'hint' }, 'Phone numbers typed without a country code are read as this region’s.')),
    otherWrap, h('div', { class: 'actions' }, save), status.el);

  let saved = null;
  function show(settings) {
    saved = settings.defaultRegion;
    const common = COMMON.includes(saved);
    select.value = common ? saved : OTHER;
    other.value = common ? '' : saved;
    otherWrap.hidden = common;
    form.hidden = false;
  }

  select.addEventListener('change', () => {
    otherWrap.hidden = select.value !== OTHER;
    if (select.value === OTHER) other.focus();
  });
  other.addEventListener('input', () => { other.value = other.value.toUpperCase().replace(/[^A-Z]/g, ''); region.setError(null); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors({ defaultRegion: region }, alert);
    status.clear();
    const code = select.value === OTHER ? other.value.trim().toUpperCase() : select.value;
    if (!/^[A-Z]{2}$/.test(code)) { region.setError('Type the region’s two letters, like PT for Portugal.'); other.focus(); return; }
    if (code === saved) { status.show('Nothing to save.'); return; }
    setPending(form, save, true, 'Saving…');
    try {
      const settings = await client.updateSettings({ defaultRegion: code });
      keepSettings(settings);
      show(settings);
      status.show(`Numbers without a country code are read as ${regionName(code)}’s now.`);
    } catch (err) {
      if (select.value !== OTHER) { select.value = OTHER; otherWrap.hidden = false; other.value = code; }
      showApiError(err, { defaultRegion: region }, alert);
    } finally {
      setPending(form, save, false);
    }
  });

  function load() {
    state.loading();
    loadSettings({ fresh: true }).then((settings) => { state.done(); show(settings); }, (err) => state.failed(err, load));
  }
  load();
  return h('section', { class: 'rin-section', 'aria-labelledby': 'rin-settings-title' },
    h('h2', { id: 'rin-settings-title' }, 'Settings'), state.el, form);
}
