// The shell's sticky header sits over the top of every screen, and its height is not ours to
// know: it wraps on a narrow phone, grows with a longer name, and the shell may change it. Screens
// that fill the phone (Discover, chat) or stick a bar just below it (the chat header, Compare's
// names) read it from CSS as --date-an-intervention-header-h, which this keeps equal to the header's real height.

/** Keep --date-an-intervention-header-h on `root` in step with #site-header; returns the cleanup. */
export function trackHeaderHeight(root) {
  const header = document.getElementById('site-header');
  if (!header) return () => {};
  const update = () => root.style.setProperty('--date-an-intervention-header-h', `${Math.ceil(header.getBoundingClientRect().height)}px`);
  update();
  const observer = window.ResizeObserver ? new ResizeObserver(update) : null;
  observer?.observe(header);
  return () => {
    observer?.disconnect();
    root.style.removeProperty('--date-an-intervention-header-h'); // <main> is shared with the shell's other pages
  };
}
