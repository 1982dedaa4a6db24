// Starts the app on a page that came with the server's first screen (server/firstscreen.go),
// once the browser has painted that screen (its first contentful paint): the app's scripts are
// fetched from then on (its entry's imports and the page's own chunks, all at once, from
// data-preload) and the entry (data-app) runs. Until that paint, the shopper's bandwidth goes to
// what the paint needs.
(function () {
  var starter = document.currentScript;
  var app = starter && starter.getAttribute('data-app');
  if (!app) return;
  var preloads = (starter.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.appendChild(script);
  }
  // After the browser reports the first contentful paint; should it never (a hidden tab, an old
  // browser), after two frames, or after 3 s at the latest.
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  setTimeout(start, 3000);
})();
