// The share page and the embedded player (/v/{slug}, /embed/{slug}): the server renders the
// video, captions and transcript; this adds what needs a script. No framework, no cookie.
// - the transcript follows playback (the current line is marked and kept in view; a click seeks);
// - copy buttons;
// - beacons: a view (or an embed load), a play, and 25/50/75/100 % watched, each once per page.
const data = JSON.parse(document.getElementById('storyhive-data')?.textContent || 'null');
const video = document.getElementById('story-video');
const embedded = document.body.dataset.embed === '1';

function beacon(event) {
  if (!data) return;
  const body = JSON.stringify({ slug: data.slug, event });
  if (!(navigator.sendBeacon && navigator.sendBeacon('/api/public/beacons', body))) {
    fetch('/api/public/beacons', { method: 'POST', body, keepalive: true }).catch(() => {});
  }
}

beacon(embedded ? 'embedLoad' : 'view');

if (video) {
  const sent = new Set();
  video.addEventListener('play', () => {
    if (!sent.has('play')) {
      sent.add('play');
      beacon('play');
    }
  });
  video.addEventListener('timeupdate', () => {
    const duration = video.duration;
    if (!duration || !isFinite(duration)) return;
    const watched = (video.currentTime / duration) * 100;
    for (const mark of [25, 50, 75, 100]) {
      // The end is reached a little before the last frame's time.
      const reached = mark === 100 ? video.ended || watched >= 99 : watched >= mark;
      if (reached && !sent.has(mark)) {
        sent.add(mark);
        beacon(`progress${mark}`);
      }
    }
    follow(video.currentTime);
  });
  video.addEventListener('ended', () => {
    if (!sent.has(100)) {
      sent.add(100);
      beacon('progress100');
    }
  });
  // Captions on by default (the track is marked default; some browsers still wait).
  for (const track of video.textTracks) if (track.kind === 'captions') track.mode = 'showing';
}

const lines = Array.from(document.querySelectorAll('#transcript li'));
let current = null;
function follow(time) {
  const line = lines.find((l) => Number(l.dataset.start) <= time && time < Number(l.dataset.end)) || null;
  if (line === current) return;
  current?.removeAttribute('aria-current');
  current = line;
  if (!line) return;
  line.setAttribute('aria-current', 'true');
  const list = line.parentElement;
  const box = list.getBoundingClientRect();
  const at = line.getBoundingClientRect();
  if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - box.height / 3;
}
for (const line of lines) {
  line.querySelector('button')?.addEventListener('click', () => {
    if (!video) return;
    video.currentTime = Number(line.dataset.start);
    video.play().catch(() => {});
  });
}

for (const button of document.querySelectorAll('button[data-copy]')) {
  const label = button.textContent;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed: select and copy by hand';
    }
    setTimeout(() => (button.textContent = label), 2000);
  });
}
