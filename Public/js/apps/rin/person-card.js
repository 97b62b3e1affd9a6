// A Rin person as one viewer sees them (RinPersonView): the name, photo and bio they may see, each
// shared field, and the fields on Ask as labels behind a lock, with no value, and Ask. One drawing
// for the real view (a person's page, a linked contact) and for "See as…", so the preview can't
// differ from what the viewer gets; there the Ask button is drawn but can't be pressed. Once
// asked, a field says "Asked" for good: a declined request reads the same as a waiting one.
import { h } from '../../dom.js';
import { rinAvatar } from './avatar.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { birthdayText, fieldName } from './words.js';

const KIND_ICONS = { phone: 'phone', email: 'mail', address: 'pin', birthday: 'cake', social: 'at', name: 'people',
  photo: 'eye', bio: 'note', url: 'globe' };

/** A link only for what is safe to open: http(s) addresses, never `javascript:` and the like. */
export function webHref(value) {
  try {
    const url = new URL(String(value).trim());
    return ['http:', 'https:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The value of a field or a contact's value as shown: a call or mail link, a web link, or text. */
export function valueNode(kind, value, { testid } = {}) {
  const text = kind === 'birthday' ? birthdayText(value) : value;
  if (kind === 'phone') return h('a', { href: `tel:${String(value).replace(/[^\d+*#,;]/g, '')}`, class: 'rin-value', dataset: { testid } }, text);
  if (kind === 'email') return h('a', { href: `mailto:${value}`, class: 'rin-value', dataset: { testid } }, text);
  const href = (kind === 'url' || kind === 'social') ? webHref(value) : null;
  if (href) return h('a', { href, class: 'rin-value', target: '_blank', rel: 'noopener noreferrer', dataset: { testid } }, text);
  return h('span', { class: `rin-value${kind === 'address' ? ' rin-multiline' : ''}`, dataset: { testid } }, text);
}

/** The name of an askable field: name, photo and bio carry no label. */
const askName = (field) => fieldName(field.kind, field.label);

const ASKED_HINT = 'You asked. It shows here if they say yes.';

/** One field on Ask: its label behind a lock, and Ask (onAsk(field) -> Promise), or Asked. */
function askableRow(field, onAsk) {
  const name = askName(field);
  const hint = h('span', { class: 'muted rin-field-hint', dataset: { testid: 'rin-ask-hint' } },
    field.requested ? ASKED_HINT : 'Only its label is shown.');
  const error = h('span', { class: 'field-error rin-ask-error', role: 'alert', dataset: { testid: 'rin-ask-error' } });
  const button = h('button', { type: 'button', class: 'btn rin-small-btn', dataset: { testid: 'rin-ask', state: field.requested ? 'asked' : 'open' } });
  const asked = () => {
    button.replaceChildren(icon('check'), 'Asked');
    button.disabled = true;
    button.dataset.state = 'asked';
    button.setAttribute('aria-label', `Asked for ${name}`);
    hint.textContent = ASKED_HINT;
  };
  if (field.requested) {
    asked();
  } else {
    button.append(icon('key'), 'Ask');
    button.setAttribute('aria-label', onAsk ? `Ask for ${name}` : `Ask for ${name} (they would see this button)`);
    button.disabled = !onAsk;
  }
  button.addEventListener('click', async () => {
    if (!onAsk || button.dataset.state !== 'open') return;
    button.disabled = true;
    error.textContent = '';
    try {
      await onAsk(field);
      asked();
    } catch (err) {
      button.disabled = false;
      // 404: the field is no longer on Ask for me (or is gone); 429: the day's asks are used up.
      error.textContent = err.status === 404 ? 'This can’t be asked for any more. Reload the page to see what is shared now.' : problemText(err);
    }
  });
  return h('li', { class: 'rin-field rin-field-locked', dataset: { testid: 'rin-askable-field', kind: field.kind, key: field.key } },
    h('span', { class: 'rin-field-icon' }, icon('lock')),
    h('span', { class: 'rin-field-body' }, h('span', { class: 'rin-field-label' }, name), hint, error),
    button);
}

/**
 * personCard(view, { heading, onAsk }) -> <article>. heading: the tag of the name ('h2' in a page
 * of its own, 'h3' inside a contact). onAsk(field) -> Promise asks for a field on Ask; without it
 * (See as) the Ask buttons can't be pressed.
 */
export function personCard(view, { heading = 'h2', testid = 'rin-person-card', onAsk = null } = {}) {
  const askable = view.askable || [];
  const fields = view.fields || [];
  const nameOnAsk = askable.some((f) => f.kind === 'name');
  const name = view.displayName || (nameOnAsk ? 'Name on request' : 'Someone on Rin');

  const shared = h('ul', { class: 'rin-fields', 'aria-label': 'Shared with you' }, fields.map((field) =>
    h('li', { class: 'rin-field', dataset: { testid: 'rin-shared-field', kind: field.kind, key: field.key } },
      h('span', { class: 'rin-field-icon' }, icon(KIND_ICONS[field.kind] || 'note')),
      h('span', { class: 'rin-field-body' },
        h('span', { class: 'rin-field-label muted' }, fieldName(field.kind, field.label)),
        valueNode(field.kind, field.value)))));

  const locked = askable.length ? h('section', { class: 'rin-askable', 'aria-label': 'Shared on request' },
    h('p', { class: 'rin-askable-title muted' }, 'Shared on request'),
    h('ul', { class: 'rin-fields' }, askable.map((field) => askableRow(field, onAsk)))) : null;

  const nothing = !fields.length && !askable.length && !view.bio
    ? h('p', { class: 'muted', dataset: { testid: 'rin-person-nothing' } }, 'Nothing more is shared.') : null;

  return h('article', { class: 'rin-person-card', dataset: { testid, profileId: view.profileId } },
    h('header', { class: 'rin-person-head' },
      rinAvatar({ name, photo: view.photo }, { size: 'lg' }),
      h('div', { class: 'rin-person-names' },
        h(heading, { class: 'rin-person-name', dataset: { testid: 'rin-person-name' } }, name),
        view.bio ? h('p', { class: 'rin-person-bio rin-multiline', dataset: { testid: 'rin-person-bio' } }, view.bio) : null)),
    fields.length ? shared : null,
    locked,
    nothing);
}
