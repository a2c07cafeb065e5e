/**
 * The behaviour CSS cannot give the glossary cards of `<Term>` (Term.astro): a card stays inside
 * the window (shifted left when the term sits near the right edge), and Escape closes it without
 * moving focus or the pointer (WCAG 1.4.13: content on hover or focus is dismissible). The card
 * opens again when the pointer or focus comes back. On a touch screen the first tap opens the card
 * and the second follows the link.
 */

/** Space kept between a card and the window's edge, in CSS pixels. */
const EDGE = 8;

function place(term: HTMLElement): void {
  const card = term.querySelector<HTMLElement>('.term-card');
  if (!card) return;
  term.style.removeProperty('--term-card-left');
  // The card is displayed by :hover / :focus-within by now; measure it where CSS put it.
  const rect = card.getBoundingClientRect();
  const overflow = rect.right - (document.documentElement.clientWidth - EDGE);
  if (overflow > 0)
    term.style.setProperty('--term-card-left', `${-Math.min(overflow, rect.left - EDGE)}px`);
}

function open(term: HTMLElement): void {
  delete term.dataset.dismissed;
  requestAnimationFrame(() => place(term));
}

/** Wires every term card under `root`, once each. */
export function wireTermCards(root: ParentNode): void {
  for (const term of root.querySelectorAll<HTMLElement>('[data-term]:not([data-term-wired])')) {
    term.dataset.termWired = '';
    term.addEventListener('pointerenter', () => open(term));
    term.addEventListener('focusin', () => open(term));
    term.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') term.dataset.dismissed = '';
    });
    // A touch has no hover: the first tap on a term opens its card (by focusing the link), the
    // second follows the link to the glossary.
    let touch = false;
    term.addEventListener('pointerdown', (event) => {
      touch = event.pointerType === 'touch' || event.pointerType === 'pen';
    });
    term.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!touch || !link || !term.contains(link) || term.dataset.touchOpen !== undefined) return;
      event.preventDefault();
      term.dataset.touchOpen = '';
      link.focus();
      open(term);
    });
    term.addEventListener('focusout', () => {
      delete term.dataset.touchOpen;
    });
  }
  // Escape also closes a card opened by the pointer while focus is elsewhere.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const term of document.querySelectorAll<HTMLElement>('[data-term]:hover')) {
      term.dataset.dismissed = '';
    }
  });
}
