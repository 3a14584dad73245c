// A wall of published stories (/wall/{wallId}): a grid of posters the server renders; this
// opens each in a lightbox player (Esc closes, arrows go to the next and previous, focus
// comes back to the poster) and, inside an iframe (?embed=1), tells the page its height.
const data = JSON.parse(document.getElementById('storyhive-data')?.textContent || 'null');
const embedded = new URLSearchParams(location.search).get('embed') === '1';
const items = data ? data.items : [];
const links = Array.from(document.querySelectorAll('.wall-item'));

const dialog = document.createElement('dialog');
dialog.className = 'lightbox';
dialog.setAttribute('aria-label', 'Story player');
dialog.innerHTML =
  '<div class="lightbox-bar"><p class="lightbox-title"></p>' +
  '<button type="button" data-go="-1" aria-label="Previous story">‹</button>' +
  '<button type="button" data-go="1" aria-label="Next story">›</button>' +
  '<button type="button" data-close aria-label="Close">✕</button></div>' +
  '<video controls playsinline></video>';
document.body.append(dialog);
const player = dialog.querySelector('video');
const title = dialog.querySelector('.lightbox-title');
let index = -1;
let opener = null;

function beacon(slug, event) {
  const body = JSON.stringify({ slug, event });
  if (!(navigator.sendBeacon && navigator.sendBeacon('/api/public/beacons', body))) {
    fetch('/api/public/beacons', { method: 'POST', body, keepalive: true }).catch(() => {});
  }
}

function show(at) {
  index = (at + items.length) % items.length;
  const item = items[index];
  player.pause();
  player.replaceChildren();
  player.poster = item.posterUrl;
  player.src = item.videoUrl;
  const track = document.createElement('track');
  Object.assign(track, { kind: 'captions', srclang: 'en', label: 'Captions', src: item.captionsVttUrl, default: true });
  player.append(track);
  title.textContent = item.title + (item.speakers.length ? ' · ' + item.speakers.map((s) => s.name).join(', ') : '');
  beacon(item.slug, embedded ? 'embedLoad' : 'view');
  player.play().catch(() => {});
}

for (const [at, link] of links.entries()) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    opener = link;
    dialog.showModal();
    show(at);
  });
}
dialog.addEventListener('click', (event) => {
  const target = event.target.closest('button');
  if (target?.dataset.go) show(index + Number(target.dataset.go));
  else if (target?.hasAttribute('data-close') || event.target === dialog) dialog.close();
});
dialog.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowRight') show(index + 1);
  if (event.key === 'ArrowLeft') show(index - 1);
});
dialog.addEventListener('close', () => {
  player.pause();
  opener?.focus();
});
player.addEventListener('play', () => beacon(items[index].slug, 'play'), { once: false });

if (embedded && window.parent !== window) {
  // The content's own height (the document's scroll height is at least the frame's).
  const tell = () =>
    window.parent.postMessage({ type: 'storyhive:height', height: Math.ceil(document.body.getBoundingClientRect().height) }, '*');
  addEventListener('load', tell);
  new ResizeObserver(tell).observe(document.body);
  tell();
}
