// Starts the app on a page that came with the server's first screen (server/firstscreen.go),
// after the browser has painted that screen: the app's scripts (preloaded meanwhile) then run
// without holding up the first paint. The app's entry is this script's data-app.
(function () {
  var app = document.currentScript && document.currentScript.getAttribute('data-app');
  if (!app) return;
  requestAnimationFrame(function () {
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = app;
      document.head.appendChild(script);
    }, 0);
  });
})();
