// Two live regions outside the views (re-rendering a view does not empty them): what happens at the table is
// read out by screen readers, politely, and one's own turn at once.
import { h } from './dom';

const regions = new Map<'polite' | 'assertive', HTMLElement>();

function region(kind: 'polite' | 'assertive'): HTMLElement {
  let el = regions.get(kind);
  if (!el || !el.isConnected) {
    el = h('div', {
      class: 'sr-only',
      role: kind === 'assertive' ? 'alert' : 'status',
      'aria-live': kind,
      'aria-atomic': 'false',
      'data-testid': `announce-${kind}`,
    });
    document.body.append(el);
    regions.set(kind, el);
  }
  return el;
}

/** Reads `text` out; the region keeps the last lines so that quick announcements are all read. */
export function announce(text: string, kind: 'polite' | 'assertive' = 'polite'): void {
  const el = region(kind);
  el.append(h('p', {}, text));
  while (el.childElementCount > 20) el.firstElementChild!.remove();
}
