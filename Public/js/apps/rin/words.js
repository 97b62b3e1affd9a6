// How Rin names things on screen: field kinds and labels, the three access values, circle
// templates, palette colours, profile kinds. One place, so every screen says them alike.

/** The labels a profile field of each kind may have (RinFieldLabel's description); a birthday has none. */
export const FIELD_LABELS = {
  phone: ['mobile', 'home', 'work', 'other'],
  email: ['home', 'work', 'other'],
  address: ['home', 'work', 'other'],
  social: ['linkedin', 'x', 'whatsapp', 'other'],
  birthday: [],
};
export const FIELD_KINDS = ['phone', 'email', 'address', 'birthday', 'social'];

const KIND_NAMES = { name: 'Name', photo: 'Photo', bio: 'Bio', phone: 'Phone', email: 'E-mail', address: 'Address',
  birthday: 'Birthday', social: 'Social account', url: 'Website' };
const LABEL_NAMES = { mobile: 'Mobile', home: 'Home', work: 'Work', other: 'Other', linkedin: 'LinkedIn', x: 'X',
  whatsapp: 'WhatsApp' };

export const kindName = (kind) => KIND_NAMES[kind] || kind;
export const labelName = (label) => LABEL_NAMES[label] || label;

/**
 * "Mobile phone", "Work e-mail", "Home address", "LinkedIn", "Birthday": a field by its kind and
 * label. A contact's labels are free text ("iPhone"): shown as they are, before the kind.
 */
export function fieldName(kind, label) {
  if (!label) return kindName(kind);
  if (kind === 'social') return label === 'other' ? 'Other social account' : labelName(label);
  const known = LABEL_NAMES[label.toLowerCase()];
  return `${known || label} ${kindName(kind).toLowerCase()}`;
}

/** Allow > Ask > Don't Allow, with the icon each is drawn with (never colour alone). */
export const ACCESS = {
  allow: { text: 'Allow', icon: 'check', help: 'They see it.' },
  ask: { text: 'Ask', icon: 'question', help: 'They see its label and may ask for it.' },
  deny: { text: 'Don’t allow', icon: 'cross', help: 'They can’t tell it exists.' },
};
/** The order a cell cycles through on each tap. */
export const NEXT_ACCESS = { allow: 'ask', ask: 'deny', deny: 'allow' };

export const TEMPLATES = {
  permissive: { name: 'Permissive', help: 'Every field is shared.' },
  moderate: { name: 'Moderate', help: 'Name, photo, primary phone and e-mail shared; the rest on Ask.' },
  restricted: { name: 'Restricted', help: 'The name, and work phone and e-mail; nothing personal.' },
  nameOnly: { name: 'Name only', help: 'Only the name is shared.' },
};

/** Rin's palette (RinColor), with names for people who can't tell the swatches apart. */
export const PALETTE = [
  ['#6B7280', 'Grey'], ['#3B82F6', 'Blue'], ['#EF4444', 'Red'], ['#22C55E', 'Green'], ['#8B5CF6', 'Violet'],
  ['#F97316', 'Orange'], ['#14B8A6', 'Teal'], ['#EC4899', 'Pink'], ['#F59E0B', 'Amber'], ['#6366F1', 'Indigo'],
  ['#06B6D4', 'Cyan'], ['#84CC16', 'Lime'],
];
export const colourName = (hex) => PALETTE.find(([c]) => c.toLowerCase() === String(hex).toLowerCase())?.[1] || hex;

export const PROFILE_KINDS = {
  primary: { name: 'Primary', help: 'Your main profile.' },
  professional: { name: 'Professional', help: 'Its contacts start with every field shared.' },
  personal: { name: 'Personal', help: 'Its contacts start with the name, photo, primary phone and e-mail; the rest on Ask.' },
  anonymous: { name: 'Anonymous', help: 'Its contacts start with the name and work phone and e-mail only.' },
};

/** "1 contact", "3 contacts". */
export function counted(n, one, many = `${one}s`) {
  return `${new Intl.NumberFormat().format(n)} ${n === 1 ? one : many}`;
}

/** "10 December 1815", "10 December" (--12-10), or the text as the source had it. */
export function birthdayText(value) {
  const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || '');
  const noYear = /^--(\d{2})-(\d{2})$/.exec(value || '');
  try {
    if (full) {
      return new Date(Date.UTC(+full[1], +full[2] - 1, +full[3]))
        .toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    }
    if (noYear) {
      return new Date(Date.UTC(2000, +noYear[1] - 1, +noYear[2]))
        .toLocaleDateString(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' });
    }
  } catch { /* an impossible date: show it as written */ }
  return value || '';
}

/** A contact's or person's initials for an avatar: "Ada Lovelace" -> "AL". */
export function initialsOf(name) {
  const parts = String(name || '?').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [...parts[0]][0] + [...parts[parts.length - 1]][0] : [...(parts[0] || '?')][0];
  return (letters || '?').toUpperCase();
}

/** "24 November 2026 at 21:04": when something happened, as people read it. */
export function whenText(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

/** "85%": a share (0..1) as a whole percentage. */
export const percentText = (share) => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(share || 0);

/**
 * An import's phases (RinImport.phase) in words. The server reads the file's records into
 * contacts, then compares each new one with the book: two steps the screen counts as 1 and 2.
 */
export const IMPORT_PHASES = {
  reading: { text: 'Reading your contacts', step: 1 },
  matching: { text: 'Looking for duplicates', step: 2 },
  done: { text: 'Done', step: 3 },
  failed: { text: 'Stopped', step: 0 },
};
export const importRunning = (rinImport) => rinImport.phase === 'reading' || rinImport.phase === 'matching';

/** A contact's single-valued fields (RinConflict.field), as "two … " says them. */
export const CONTACT_FIELDS = {
  givenName: 'first name', familyName: 'last name', middleName: 'middle name', namePrefix: 'name prefix',
  nameSuffix: 'name suffix', displayName: 'shown name', nickname: 'nickname', organization: 'organisation',
  title: 'job title', birthday: 'birthday', note: 'note',
};
