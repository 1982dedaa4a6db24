// sim's look-alike of Razorpay's https://checkout.razorpay.com/v1/checkout.js.
// It defines window.Razorpay with the real API shape:
//
//   var rzp = new Razorpay({key, amount, currency, name, description, order_id,
//     prefill: {name, email, contact}, theme: {color}, handler: function (response) {},
//     modal: {ondismiss: function () {}}});
//   rzp.on('payment.failed', function (response) { response.error.code … });
//   rzp.open(); rzp.close();
//
// open() covers the page with sim's payment page in an iframe (/razorpay/checkout/pay
// on the origin this script was loaded from). The page posts its result back with
// postMessage; only messages from that origin and that iframe are believed. The
// script uses no eval and no inline handlers, so it runs under the shop's CSP.
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script || !script.src) {
    console.error('[sim Razorpay] load this script with <script src=".../razorpay/checkout.js">');
    return;
  }
  var simBase = script.src.replace(/\/checkout\.js(?:[?#].*)?$/, '');
  var simOrigin = new URL(simBase).origin;
  var styleId = 'razorpay-sim-style';
  var styles =
    '.razorpay-sim-overlay{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
    'background:rgba(15,23,42,.6);animation:razorpay-sim-fade .18s ease-out}' +
    '.razorpay-sim-frame{display:block;width:420px;height:620px;max-width:100vw;max-height:100vh;border:0;border-radius:8px;' +
    'background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.35)}' +
    '@media (max-width:440px),(max-height:640px){.razorpay-sim-frame{width:100vw;height:100vh;border-radius:0}}' +
    '@keyframes razorpay-sim-fade{from{opacity:0}to{opacity:1}}' +
    '@media (prefers-reduced-motion:reduce){.razorpay-sim-overlay{animation:none}}';

  // active is the checkout whose overlay is open; there is at most one, as with Razorpay.
  var active = null;

  function ensureStyles() {
    if (document.getElementById(styleId)) {
      return;
    }
    var style = document.createElement('style');
    style.id = styleId;
    style.textContent = styles;
    (document.head || document.documentElement).appendChild(style);
  }

  function call(fn, argument) {
    if (typeof fn !== 'function') {
      return;
    }
    try {
      fn(argument);
    } catch (error) {
      console.error(error);
    }
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) {
      return new Razorpay(options);
    }
    if (!options || typeof options !== 'object') {
      throw new Error('Razorpay: options must be an object');
    }
    if (typeof options.key !== 'string' || options.key === '') {
      throw new Error('Razorpay: Authentication key was missing during initialization');
    }
    if (typeof options.handler !== 'function') {
      console.warn('[sim Razorpay] options.handler is not a function; callback_url redirects are not simulated.');
    }
    this.options = Object.assign({}, options);
    this._listeners = {};
    this._overlay = null;
    this._frame = null;
    this._onKeydown = null;
    this._returnFocus = null;
    this._bodyOverflow = '';
  }

  // on registers listener for event ('payment.failed' is the one checkout fires).
  Razorpay.prototype.on = function (event, listener) {
    if (typeof listener === 'function') {
      (this._listeners[event] = this._listeners[event] || []).push(listener);
    }
    return this;
  };

  Razorpay.prototype._emit = function (event, argument) {
    (this._listeners[event] || []).forEach(function (listener) {
      call(listener, argument);
    });
  };

  Razorpay.prototype._payURL = function () {
    var options = this.options;
    var prefill = options.prefill || {};
    var theme = options.theme || {};
    var params = new URLSearchParams();
    params.set('order_id', options.order_id || '');
    params.set('key_id', options.key);
    params.set('origin', location.origin);
    var optional = {
      name: options.name,
      description: options.description,
      prefill_name: prefill.name,
      prefill_email: prefill.email,
      prefill_contact: prefill.contact,
      theme_color: theme.color
    };
    Object.keys(optional).forEach(function (key) {
      if (optional[key] !== undefined && optional[key] !== null && optional[key] !== '') {
        params.set(key, String(optional[key]));
      }
    });
    return simBase + '/checkout/pay?' + params.toString();
  };

  // open shows the payment page over the whole page. Opening while another
  // checkout is open closes that one first.
  Razorpay.prototype.open = function () {
    if (this._overlay) {
      this._frame.focus();
      return this;
    }
    if (active) {
      active.close();
    }
    ensureStyles();
    var self = this;
    var overlay = document.createElement('div');
    overlay.className = 'razorpay-sim-overlay razorpay-container';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Razorpay Checkout');
    var frame = document.createElement('iframe');
    frame.className = 'razorpay-sim-frame razorpay-checkout-frame';
    frame.title = 'Razorpay Checkout';
    frame.src = this._payURL();
    overlay.appendChild(frame);
    this._onKeydown = function (event) {
      if (event.key === 'Escape') {
        self._dismiss();
      }
    };
    document.addEventListener('keydown', this._onKeydown);
    this._returnFocus = document.activeElement;
    this._bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    this._overlay = overlay;
    this._frame = frame;
    active = this;
    frame.focus();
    return this;
  };

  // close removes the payment page without calling modal.ondismiss, as Razorpay's close() does.
  Razorpay.prototype.close = function () {
    if (!this._overlay) {
      return;
    }
    document.removeEventListener('keydown', this._onKeydown);
    this._overlay.remove();
    document.body.style.overflow = this._bodyOverflow;
    this._overlay = null;
    this._frame = null;
    if (active === this) {
      active = null;
    }
    if (this._returnFocus && typeof this._returnFocus.focus === 'function') {
      this._returnFocus.focus();
    }
  };

  // _dismiss is the customer closing checkout: the overlay goes and ondismiss runs.
  Razorpay.prototype._dismiss = function () {
    if (!this._overlay) {
      return;
    }
    this.close();
    call((this.options.modal || {}).ondismiss);
  };

  Razorpay.prototype._receive = function (data) {
    if (data.type === 'success') {
      var response = data.response || {};
      if (typeof response.razorpay_payment_id !== 'string' || typeof response.razorpay_order_id !== 'string' ||
        typeof response.razorpay_signature !== 'string') {
        return;
      }
      this.close();
      call(this.options.handler, {
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_order_id: response.razorpay_order_id,
        razorpay_signature: response.razorpay_signature
      });
    } else if (data.type === 'failed' && data.error && typeof data.error === 'object') {
      // The overlay stays: the page offers Retry, as Razorpay's does.
      this._emit('payment.failed', { error: data.error });
    } else if (data.type === 'dismiss') {
      this._dismiss();
    }
  };

  window.addEventListener('message', function (event) {
    var checkout = active;
    if (!checkout || !checkout._frame || event.origin !== simOrigin || event.source !== checkout._frame.contentWindow) {
      return;
    }
    var data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'razorpay-sim') {
      return;
    }
    checkout._receive(data);
  });

  window.Razorpay = Razorpay;
})();
