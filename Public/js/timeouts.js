// How long the web client waits before it gives up on the server, so no screen can say
// "Sending…" forever. A JSON call gets a fixed deadline; an upload or a streamed answer gets an
// idle limit instead, reset by every sign of life, because a big photo on a slow phone may take
// minutes and still be fine as long as it moves.
//
// Tests (or someone debugging a slow link) shorten or lengthen them in localStorage, e.g.
// localStorage.setItem('kindred.timeout.requestMs', '2000'); no server change is needed.

const DEFAULTS = {
  requestMs: 30_000, // a JSON request, from sending until its whole answer is read
  uploadIdleMs: 30_000, // an upload with no progress (and then no answer) for this long
  streamIdleMs: 120_000, // a streamed answer with no new bytes; the server's model timeout is shorter
  pushSubscribeMs: 20_000, // a browser subscribing at its push service, which it never gives up on by itself
};

/** The limit in ms for 'requestMs' | 'uploadIdleMs' | 'streamIdleMs' | 'pushSubscribeMs'. */
export function timeoutMs(name) {
  try {
    const value = Number(localStorage.getItem(`kindred.timeout.${name}`));
    if (Number.isFinite(value) && value > 0) return value;
  } catch { /* storage blocked (privacy mode): use the default */ }
  return DEFAULTS[name];
}

/**
 * An AbortSignal that fires after `ms` of quiet, or when `outer` aborts. touch() restarts the
 * clock (progress was made); `timedOut` tells a timeout from a cancel.
 */
export function idleDeadline(ms, outer) {
  const controller = new AbortController();
  let timer = null;
  let timedOut = false;
  const onAbort = () => controller.abort(outer.reason);
  const fire = () => {
    timedOut = true;
    controller.abort(new DOMException('No answer in time', 'TimeoutError'));
  };
  const deadline = {
    signal: controller.signal,
    get timedOut() { return timedOut; },
    touch() {
      clearTimeout(timer);
      if (!controller.signal.aborted) timer = setTimeout(fire, ms);
    },
    /** Stop the clock; aborting `outer` still aborts `signal` (a stream being read). */
    stop() { clearTimeout(timer); },
    /** Forget `outer` too, once nothing uses `signal` any more. */
    release() { outer?.removeEventListener('abort', onAbort); },
  };
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  deadline.touch();
  return deadline;
}
