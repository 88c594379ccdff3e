// Whether the API answers. While it does not, a notice says so and every button on the page is disabled (a
// click would only fail); a probe every second re-enables them as soon as the API answers again.
import { t } from './i18n';

const MARK = 'data-api-down';
let down = false;
let timer: ReturnType<typeof setInterval> | null = null;
let observer: MutationObserver | null = null;

function disableButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button:not([disabled])')) {
    button.disabled = true;
    button.setAttribute(MARK, '');
  }
}

/**
 * Called when a request or the WebSocket failed for lack of an answer; `probe` asks the API something (its
 * answer is told through apiReachable).
 */
export function apiUnreachable(probe: () => void): void {
  if (down) return;
  down = true;
  const app = document.getElementById('app');
  const notice = document.createElement('div');
  notice.className = 'api-down';
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'api-down';
  notice.textContent = t('app.serverDown');
  document.body.prepend(notice);
  if (app) {
    disableButtons(app);
    // Views keep rendering from what they have: their new buttons start disabled too.
    observer = new MutationObserver(() => disableButtons(app));
    observer.observe(app, { childList: true, subtree: true });
  }
  timer = setInterval(probe, 1_000);
}

/** Called when the API answered: undoes what apiUnreachable did. */
export function apiReachable(): void {
  if (!down) return;
  down = false;
  if (timer) clearInterval(timer);
  timer = null;
  observer?.disconnect();
  observer = null;
  document.querySelector('[data-testid=api-down]')?.remove();
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button[${MARK}]`)) {
    button.disabled = false;
    button.removeAttribute(MARK);
  }
}
