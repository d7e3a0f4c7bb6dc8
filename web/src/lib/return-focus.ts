// Where the focus was as a dialog or a menu opened, to give it back as it closes: to that element, or,
// when the page drew it again meanwhile (a list's rows redrawn as the dialog opened or by a refresh),
// to the element now in its place (the same position in the page, the same tag and words). Without
// either, nothing.

// The element last focused, and its place then: a click that opens a dialog may redraw (and so
// remove) the very button it pressed before the dialog asks where the focus was.
let last: { element: HTMLElement; path: number[] } | null = null;
if (typeof document !== "undefined")
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement && event.target !== document.body)
        last = { element: event.target, path: pathOf(event.target) };
    },
    true,
  );

export function rememberFocus(): () => boolean {
  const active = document.activeElement;
  // (the focus on the page's body: what had it was removed, or a click fell on no control)
  const opener =
    active instanceof HTMLElement && active !== document.body ? { element: active, path: pathOf(active) } : last;
  if (!opener) return () => false;
  const { tagName, textContent } = opener.element;
  const same = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement && element.tagName === tagName && element.textContent === textContent;
  return () => {
    const target = opener.element.isConnected ? opener.element : at(opener.path);
    if (!same(target)) return false;
    target.focus();
    return document.activeElement === target;
  };
}

// The element's place: its index among its parent's children, from the document's root down.
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node.parentElement; node = node.parentElement)
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  return path;
}
function at(path: number[]): Element | null {
  let node: Element | undefined = document.documentElement;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}
