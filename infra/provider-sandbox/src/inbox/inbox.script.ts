/**
 * The inbox page's only script (served at /assets/inbox.js): it listens to /inbox/events and puts
 * each new entry at the top of the list, or refreshes the status parts of one it already shows. The
 * HTML it inserts was rendered and escaped by the server.
 */
export const INBOX_SCRIPT = `(() => {
  'use strict';
  const list = document.getElementById('entries');
  const empty = document.getElementById('empty');
  const live = document.getElementById('live');
  if (!list || !live || typeof EventSource === 'undefined') return;

  const setState = (state, text) => {
    live.dataset.state = state;
    live.textContent = text;
  };

  const place = (element) => {
    const seq = Number(element.dataset.seq);
    for (const sibling of list.children) {
      if (Number(sibling.dataset.seq) < seq) {
        list.insertBefore(element, sibling);
        return;
      }
    }
    list.appendChild(element);
  };

  const source = new EventSource('/inbox/events');
  source.addEventListener('open', () => setState('open', 'Live'));
  source.addEventListener('error', () => setState('closed', 'Reconnecting…'));
  source.addEventListener('entry', (event) => {
    const data = JSON.parse(event.data);
    const template = document.createElement('template');
    template.innerHTML = data.html;
    const element = template.content.firstElementChild;
    if (!element) return;
    const existing = document.getElementById(element.id);
    if (existing) {
      for (const part of element.querySelectorAll('[data-part]')) {
        const current = existing.querySelector('[data-part="' + part.dataset.part + '"]');
        if (current) current.replaceWith(part);
      }
    } else {
      place(element);
    }
    if (empty) empty.hidden = true;
  });
})();
`;
