// A Server-Sent Events parser for streams read with fetch(). EventSource would parse for us but
// can only GET and can't send the Authorization header, and chat replies are answers to a POST.
// It follows the HTML standard's rules: lines end with \r\n, \n or \r; a blank line dispatches;
// "data" lines join with \n; lines starting with ":" are comments (keep-alives).

/**
 * createSseParser(onEvent): push(textChunk) as text arrives, end() when the stream ends.
 * onEvent({ event, data, id }) runs once per dispatched event; `event` defaults to "message".
 */
export function createSseParser(onEvent) {
  let buffer = '';
  let data = [];
  let event = '';
  let lastId = '';

  function dispatch() {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), id: lastId });
    data = [];
    event = '';
  }

  function line(text) {
    if (text === '') { dispatch(); return; }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) lastId = value;
    // "retry" and unknown fields mean nothing to a one-shot stream.
  }

  return {
    push(chunk) {
      buffer += chunk;
      // A \r at the very end may be the first half of \r\n split across chunks: wait for more.
      const terminator = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let m = terminator.exec(buffer); m; m = terminator.exec(buffer)) {
        line(buffer.slice(start, m.index));
        start = m.index + m[0].length;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a final lone \r still ends a line; an event with no blank line after it is dropped, as the standard says. */
    end() {
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      data = [];
      event = '';
    },
  };
}
