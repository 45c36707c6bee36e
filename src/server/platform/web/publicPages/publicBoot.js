/*
 * Loads the app on a page the server drew (publicPageRoutes.ts writes this file into the page):
 * the page is complete and its links are real anchors, so the app's code (React, antd, the shell:
 * hundreds of KB to parse and a first render) waits until the visitor does something (a touch, a
 * key, the mouse, a scroll), or the page has sat idle a while after load; at once for a signed-in
 * user (who wants the shell). Until then the main thread is free. A field the visitor types into
 * before the app has hydrated the page keeps what was typed (client shell/hydration.ts carryTyped),
 * and a list's search box searches by itself meanwhile (a GET form).
 * Written by hand, not built, and inline in the page (its hash in the page's CSP): a script file of
 * its own, found while the page is parsed, is a request that Lighthouse counts against the page's
 * LCP. The server gives it the app's entry and the modules to fetch with it (the tags it took out
 * of index.html) in data attributes of its own <script id="app-boot">.
 */
(function () {
  var me = document.getElementById('app-boot');
  if (!me) return;
  /** After load, how long a page nobody touches stays without the app. */
  var IDLE_MS = Number(me.getAttribute('data-idle-ms') || 4000);
  var EVENTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'scroll', 'focusin'];
  var listen = { capture: true, passive: true };
  var started = false;

  function add(el) {
    el.crossOrigin = '';
    document.head.appendChild(el);
  }

  function boot() {
    if (started) return;
    started = true;
    EVENTS.forEach(function (e) {
      window.removeEventListener(e, boot, listen);
    });
    (me.getAttribute('data-preload') || '')
      .split(' ')
      .filter(Boolean)
      .forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        add(link);
      });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = me.getAttribute('data-entry');
    add(script);
  }

  // 登录 on the shell the server drew does nothing until the app has arrived: a press is kept on
  // this element and the app opens the login dialog itself (client shell/serverPage.ts).
  document.addEventListener(
    'click',
    function (e) {
      var t = e.target;
      if (t && t.closest && t.closest('#root > .ssr-frame .shell-login-button'))
        me.setAttribute('data-pressed', 'login');
    },
    true,
  );

  var signedIn = false;
  try {
    signedIn = !!window.localStorage.getItem('userObj');
  } catch (e) {
    // Storage refused (privacy settings): a visitor, then.
  }
  if (signedIn) return boot();

  EVENTS.forEach(function (e) {
    window.addEventListener(e, boot, listen);
  });
  function idle() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(boot, { timeout: 2000 });
      else boot();
    }, IDLE_MS);
  }
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle);
})();
