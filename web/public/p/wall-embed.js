// The one script tag a site adds to show a Storyhive wall:
//   <script src="https://HOST/p/wall-embed.js" data-wall="WALL_ID" async></script>
// It puts an iframe of the wall after itself and sizes it from the wall's own messages
// (only those from the wall's origin and that iframe). No framework, no cookie.
(function () {
  var script = document.currentScript;
  if (!script || !script.dataset.wall) return;
  var origin = new URL(script.src).origin;
  var frame = document.createElement('iframe');
  frame.src = origin + '/wall/' + encodeURIComponent(script.dataset.wall) + '?embed=1';
  frame.title = script.dataset.title || 'Stories';
  frame.loading = 'lazy';
  frame.allow = 'autoplay; fullscreen; picture-in-picture';
  frame.setAttribute('allowfullscreen', '');
  frame.style.cssText = 'width:100%;border:0;height:480px;display:block';
  script.after(frame);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && data.type === 'storyhive:height' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.min(Math.ceil(data.height), 20000) + 'px';
    }
  });
})();
