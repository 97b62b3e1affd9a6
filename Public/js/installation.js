// This browser's installation id: random, made once and kept in local storage, sent with every
// sign-in and sign-up. A sign-in from an installation the account has not used in 90 days raises
// a new-device alert on its other devices; the server keeps only a hash. It names this browser,
// never the person, and clearing site data makes a new one (that browser is then new again).
const KEY = 'kindred.installation';

export function installationId() {
  try {
    let value = localStorage.getItem(KEY);
    if (!value || !/^[A-Za-z0-9_-]{16,64}$/.test(value)) {
      value = crypto.randomUUID().replaceAll('-', '');
      localStorage.setItem(KEY, value);
    }
    return value;
  } catch {
    return undefined; // storage refused (a private window's quota): the device label stands in
  }
}
