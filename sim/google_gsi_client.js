// sim's look-alike of Google Identity Services' https://accounts.google.com/gsi/client.
// It defines window.google.accounts.id with Google's API shape. Choosing an account
// happens on sim's account chooser (/google/consent) in a popup window, or in a modal
// iframe when popups are blocked; the chooser posts the ID token back with postMessage.
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script || !script.src) {
    console.error('[sim GSI] load this script with <script src=".../google/gsi/client">');
    return;
  }
  var simBase = script.src.replace(/\/gsi\/client(?:[?#].*)?$/, '');
  var simOrigin = new URL(simBase).origin;

  var popupWidth = 480;
  var popupHeight = 640;
  var popupPollMillis = 400;
  var styleId = 'sim-gsi-style';
  var buttonTexts = {
    signin_with: 'Sign in with Google',
    signup_with: 'Sign up with Google',
    continue_with: 'Continue with Google',
    signin: 'Sign in'
  };
  var themes = ['outline', 'filled_blue', 'filled_black'];
  var sizes = ['large', 'medium', 'small'];
  var shapes = ['rectangular', 'pill', 'circle', 'square'];
  var googleMark =
    '<svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">' +
    '<path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/>' +
    '<path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/>' +
    '<path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/>' +
    '<path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/>' +
    '</svg>';
  var styles =
    '.sim-gsi-button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:10px;' +
    'position:relative;height:40px;min-width:40px;padding:0 12px;border:1px solid #dadce0;border-radius:4px;background:#fff;color:#3c4043;' +
    'font:500 14px/1 "Google Sans",Roboto,Arial,sans-serif;letter-spacing:.25px;white-space:nowrap;cursor:pointer;' +
    'transition:background-color .218s,border-color .218s,box-shadow .218s}' +
    '.sim-gsi-button:hover{background:#f8faff;border-color:#d2e3fc;box-shadow:0 1px 2px rgba(60,64,67,.3)}' +
    '.sim-gsi-button:active{background:#ecf3fe}' +
    '.sim-gsi-button:focus-visible{outline:2px solid #1a73e8;outline-offset:2px}' +
    '.sim-gsi-mark{display:inline-flex;align-items:center;justify-content:center;flex:none;width:18px;height:18px}' +
    '.sim-gsi-text{overflow:hidden;text-overflow:ellipsis}' +
    '.sim-gsi-filled_blue{background:#1a73e8;border-color:#1a73e8;color:#fff;padding-left:2px}' +
    '.sim-gsi-filled_blue:hover{background:#1b66c9;border-color:#1b66c9}' +
    '.sim-gsi-filled_black{background:#202124;border-color:#202124;color:#fff;padding-left:2px}' +
    '.sim-gsi-filled_black:hover{background:#3c4043;border-color:#3c4043}' +
    '.sim-gsi-filled_blue .sim-gsi-mark,.sim-gsi-filled_black .sim-gsi-mark{width:34px;height:34px;border-radius:3px;background:#fff}' +
    '.sim-gsi-medium{height:32px;font-size:14px}' +
    '.sim-gsi-medium.sim-gsi-filled_blue .sim-gsi-mark,.sim-gsi-medium.sim-gsi-filled_black .sim-gsi-mark{width:26px;height:26px}' +
    '.sim-gsi-small{height:24px;font-size:11px;gap:6px;padding:0 8px}' +
    '.sim-gsi-small .sim-gsi-mark{width:14px;height:14px}.sim-gsi-small .sim-gsi-mark svg{width:14px;height:14px}' +
    '.sim-gsi-small.sim-gsi-filled_blue .sim-gsi-mark,.sim-gsi-small.sim-gsi-filled_black .sim-gsi-mark{width:20px;height:20px}' +
    '.sim-gsi-pill{border-radius:20px}.sim-gsi-circle{border-radius:50%}' +
    '.sim-gsi-icon{padding:0;width:40px}.sim-gsi-icon.sim-gsi-medium{width:32px}.sim-gsi-icon.sim-gsi-small{width:24px}' +
    '.sim-gsi-icon.sim-gsi-filled_blue .sim-gsi-mark,.sim-gsi-icon.sim-gsi-filled_black .sim-gsi-mark{border-radius:inherit}' +
    '.sim-gsi-overlay{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(32,33,36,.45)}' +
    '.sim-gsi-frame{width:' + popupWidth + 'px;height:' + popupHeight + 'px;max-width:96vw;max-height:92vh;border:0;border-radius:8px;' +
    'background:#fff;box-shadow:0 4px 24px rgba(0,0,0,.3)}';

  var state = { config: null, flow: null };

  function ensureStyles() {
    if (document.getElementById(styleId)) {
      return;
    }
    var style = document.createElement('style');
    style.id = styleId;
    style.textContent = styles;
    (document.head || document.documentElement).appendChild(style);
  }

  function pick(value, allowed, fallback) {
    return allowed.indexOf(value) >= 0 ? value : fallback;
  }

  // moment builds a PromptMomentNotification like the one Google passes to prompt()'s listener.
  function moment(type, reason) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display'; },
      isNotDisplayed: function () { return false; },
      getNotDisplayedReason: function () { return undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; }
    };
  }

  function notify(flow, notification) {
    if (typeof flow.momentListener === 'function') {
      try {
        flow.momentListener(notification);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function consentURL() {
    var params = new URLSearchParams();
    params.set('client_id', state.config.client_id || '');
    params.set('origin', location.origin);
    if (state.config.nonce) {
      params.set('nonce', String(state.config.nonce));
    }
    return simBase + '/consent?' + params.toString();
  }

  function openPopup() {
    var left = Math.max(0, Math.round((window.screenX || 0) + ((window.outerWidth || popupWidth) - popupWidth) / 2));
    var top = Math.max(0, Math.round((window.screenY || 0) + ((window.outerHeight || popupHeight) - popupHeight) / 2));
    var features = 'popup=yes,width=' + popupWidth + ',height=' + popupHeight + ',left=' + left + ',top=' + top;
    try {
      return window.open(consentURL(), 'sim_gsi_consent', features);
    } catch (error) {
      return null;
    }
  }

  function openOverlay(flow) {
    ensureStyles();
    var overlay = document.createElement('div');
    overlay.className = 'sim-gsi-overlay';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Sign in with Google');
    var frame = document.createElement('iframe');
    frame.className = 'sim-gsi-frame';
    frame.title = 'Sign in with Google';
    frame.src = consentURL();
    overlay.appendChild(frame);
    overlay.addEventListener('click', function (event) {
      if (event.target === overlay) {
        finish(flow, 'skipped', 'tap_outside');
      }
    });
    flow.onKeydown = function (event) {
      if (event.key === 'Escape') {
        finish(flow, 'skipped', 'user_cancel');
      }
    };
    document.addEventListener('keydown', flow.onKeydown);
    document.body.appendChild(overlay);
    flow.overlay = overlay;
    flow.source = frame.contentWindow;
    frame.focus();
  }

  // startFlow opens the account chooser unless one is already open.
  function startFlow(selectBy, momentListener) {
    if (!state.config) {
      console.error('[GSI_LOGGER]: google.accounts.id.initialize() must be called before this method.');
      return;
    }
    if (state.flow) {
      if (state.flow.popup && !state.flow.popup.closed) {
        state.flow.popup.focus();
      }
      return;
    }
    var flow = {
      selectBy: selectBy,
      momentListener: momentListener,
      returnFocus: document.activeElement,
      source: null,
      popup: null,
      overlay: null,
      onKeydown: null,
      timer: 0,
      closedPolls: 0
    };
    state.flow = flow;
    var popup = openPopup();
    if (popup) {
      flow.popup = popup;
      flow.source = popup;
      flow.timer = window.setInterval(function () {
        // A popup seen closed twice in a row was closed by the user, not by a
        // credential whose message is still on its way.
        flow.closedPolls = popup.closed ? flow.closedPolls + 1 : 0;
        if (flow.closedPolls >= 2) {
          finish(flow, 'skipped', 'user_cancel');
        }
      }, popupPollMillis);
    } else {
      openOverlay(flow);
    }
    notify(flow, moment('display'));
  }

  // finish ends a flow: it closes the popup or removes the modal and tells prompt()'s listener why.
  function finish(flow, type, reason) {
    if (state.flow !== flow) {
      return;
    }
    state.flow = null;
    window.clearInterval(flow.timer);
    if (flow.popup && !flow.popup.closed) {
      flow.popup.close();
    }
    if (flow.overlay) {
      document.removeEventListener('keydown', flow.onKeydown);
      flow.overlay.remove();
      if (flow.returnFocus && typeof flow.returnFocus.focus === 'function') {
        flow.returnFocus.focus();
      }
    }
    notify(flow, moment(type, reason));
  }

  function deliver(flow, credential) {
    var config = state.config;
    finish(flow, 'dismissed', 'credential_returned');
    var response = { credential: credential, select_by: flow.selectBy, clientId: config.client_id };
    var callback = config.callback;
    if (typeof callback === 'string') {
      callback = window[callback];
    }
    if (typeof callback !== 'function') {
      console.error('[GSI_LOGGER]: The "callback" passed to initialize() is not a function.');
      return;
    }
    callback(response);
  }

  window.addEventListener('message', function (event) {
    var flow = state.flow;
    if (!flow || event.origin !== simOrigin || event.source !== flow.source) {
      return;
    }
    var data = event.data;
    if (!data || typeof data !== 'object') {
      return;
    }
    if (data.type === 'sim-gis-credential' && typeof data.credential === 'string') {
      deliver(flow, data.credential);
    } else if (data.type === 'sim-gis-cancel') {
      finish(flow, 'skipped', 'user_cancel');
    }
  });

  function initialize(config) {
    if (!config || typeof config.client_id !== 'string' || config.client_id === '') {
      console.error('[GSI_LOGGER]: Missing required parameter "client_id".');
    }
    if (config && config.ux_mode === 'redirect') {
      console.warn('[sim GSI] ux_mode "redirect" is not simulated; using the popup.');
    }
    state.config = Object.assign({}, config);
  }

  function renderButton(parent, options) {
    if (!parent || typeof parent.appendChild !== 'function') {
      console.error('[GSI_LOGGER]: renderButton() needs a parent element.');
      return;
    }
    options = options || {};
    ensureStyles();
    var iconOnly = options.type === 'icon';
    var theme = pick(options.theme, themes, 'outline');
    var size = pick(options.size, sizes, 'large');
    var shape = pick(options.shape, shapes, iconOnly ? 'square' : 'rectangular');
    var label = buttonTexts[options.text] || buttonTexts.signin_with;

    var button = document.createElement('button');
    button.type = 'button';
    button.className = ['sim-gsi-button', 'sim-gsi-' + theme, 'sim-gsi-' + size, 'sim-gsi-' + shape]
      .concat(iconOnly ? ['sim-gsi-icon'] : []).join(' ');
    var mark = document.createElement('span');
    mark.className = 'sim-gsi-mark';
    mark.innerHTML = googleMark;
    button.appendChild(mark);
    if (iconOnly) {
      button.setAttribute('aria-label', label);
      button.title = label;
    } else {
      var text = document.createElement('span');
      text.className = 'sim-gsi-text';
      text.textContent = label;
      button.appendChild(text);
      var width = parseInt(options.width, 10);
      if (width > 0) {
        button.style.width = Math.min(400, Math.max(200, width)) + 'px';
      }
    }
    button.addEventListener('click', function () {
      if (typeof options.click_listener === 'function') {
        options.click_listener();
      }
      startFlow('btn');
    });
    parent.replaceChildren(button);
  }

  function prompt(momentListener) {
    startFlow('user', momentListener);
  }

  function cancel() {
    if (state.flow) {
      finish(state.flow, 'dismissed', 'cancel_called');
    }
  }

  // sim never signs anyone in without a click, so there is no auto-select to turn off.
  function disableAutoSelect() {}

  function revoke(hint, done) {
    if (typeof done === 'function') {
      done({ successful: true });
    }
  }

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize: initialize,
    renderButton: renderButton,
    prompt: prompt,
    cancel: cancel,
    disableAutoSelect: disableAutoSelect,
    revoke: revoke
  };

  if (typeof window.onGoogleLibraryLoad === 'function') {
    window.onGoogleLibraryLoad();
  }
})();
