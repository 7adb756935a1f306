/*
 * TEST-ONLY stand-in for https://apis.google.com/js/api.js (the "gapi" loader + gapi.iframes).
 *
 * Why it exists: offline (e2e tests, no internet) the Firebase Auth SDK's signInWithPopup fails with
 * auth/internal-error, because before/while opening the popup it loads api.js, embeds the Auth emulator's helper
 * iframe (http://<emulator>/emulator/auth/iframe) through gapi.iframes, and receives the sign-in result back
 * through that iframe. The emulator's iframe page itself also loads api.js (a plain <script src>) and talks to its
 * parent through gapi.iframes. installGapiStandIn() (standIn.ts) routes BOTH loads to this file, so the two ends
 * speak the tiny postMessage protocol below instead of Google's real (wrapped, RPC-style) one.
 *
 * Only the subset used by @firebase/auth v12 (loadGapi/_openIframe/BrowserPopupRedirectResolver) and by
 * firebase-tools' emulator/auth/iframe page is implemented:
 *   gapi.load('gapi.iframes', {callback, ontimeout, timeout} | callback)
 *   gapi.iframes.getContext().open({where, url, attributes, messageHandlersFilter, dontclear}, onOpen)
 *   gapi.iframes.getContext().getParentIframe()
 *   iframe.register(type, handler, filter) / unregister(type, handler) / send(type, data, callback, filter)
 *   iframe.ping(callback, filter) (returns a Promise) / restyle(style) (returns a Promise)
 *   gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER, gapi.iframes.Iframe
 *   the `onload=<callbackName>` query parameter of api.js, and window.gapi_onload (used by the emulator's iframe).
 *
 * Protocol (every message carries MARK so unrelated postMessages, e.g. the emulator popup's own
 * {eventType:'sendAuthEvent'} message to its iframe, are ignored):
 *   {kind:'ready'}                     child -> parent when this script runs inside a frame (and again on 'hello')
 *   {kind:'hello'}                     parent -> child on the iframe's load event (in case 'ready' was missed)
 *   {kind:'ping', id}                  -> answered by {kind:'reply', id, responses:[true]}
 *   {kind:'send', id, type, data}      -> answered by {kind:'reply', id, responses:[result of each handler]}
 * Messages are only accepted from the known peer window (event.source), never from anyone else.
 *
 * Behaviours that matter (found by reading the SDK and the emulator page):
 * - Exceptions thrown by callbacks/handlers are swallowed (logged), as the real gapi does. The SDK relies on it:
 *   BrowserPopupRedirectResolver._isIframeWebStorageSupported's callback calls cb() and then ALWAYS throws
 *   (_fail(internal-error)); if that escaped, it would break the flow.
 * - A 'send' that arrives before the receiver registered a handler for its type is queued, not dropped: the
 *   emulator iframe sends its first 'authEvent' as soon as it loads, possibly before the SDK registered its
 *   'authEvent' handler (the SDK registers only after ping succeeded); the iframe alert()s if it gets no ACK.
 * - Messages to the child are queued until the child said 'ready' (posting into a not yet loaded iframe loses them).
 * - open() returns whatever onOpen returns (the SDK's onOpen returns a Promise resolving to the iframe after a
 *   successful ping, and the SDK awaits open()); without onOpen it returns the iframe object.
 */
(function () {
  'use strict';

  var MARK = '__stockseerGapiStandIn';
  var TAG = '[gapi stand-in]';

  // Loaded twice in the same window (e.g. the SDK retried): keep the first instance, just run the new onload.
  if (window.gapi && window.gapi.__standIn) {
    runOnloadCallbacks(false);
    return;
  }

  function safeCall(fn, self, args) {
    if (typeof fn !== 'function') return undefined;
    try {
      return fn.apply(self, args || []);
    } catch (e) {
      // Swallowed on purpose, like the real gapi (see the header comment). Logged at debug level because the SDK's
      // webStorageSupport callback throws on EVERY popup sign-in; a warning would trip "no console warnings" checks.
      console.debug(TAG, 'a callback threw; swallowed like the real gapi does:', e);
      return undefined;
    }
  }

  function later(fn) {
    setTimeout(fn, 0);
  }

  var nextId = 0;
  function newId() {
    nextId += 1;
    return String(nextId) + '-' + Math.random().toString(36).slice(2);
  }

  /** One end of a parent<->child link. `getPeer()` returns the other window (may be null while not loaded). */
  function Iframe(getPeer, peerOrigin, element) {
    this._getPeer = getPeer;
    this._peerOrigin = peerOrigin || '*';
    this._element = element || null;
    this._handlers = {}; // type -> [handler]
    this._pendingIn = {}; // type -> [incoming 'send' messages without a handler yet]
    this._outbox = []; // messages waiting for the peer to be ready
    this._peerReady = false;
    this._replyCallbacks = {}; // id -> function(responses)
  }

  Iframe.prototype._post = function (message) {
    message[MARK] = true;
    if (!this._peerReady && message.kind !== 'ready' && message.kind !== 'hello') {
      this._outbox.push(message);
      return;
    }
    var peer = this._getPeer();
    if (!peer) {
      this._outbox.push(message);
      return;
    }
    try {
      peer.postMessage(message, this._peerOrigin);
    } catch (e) {
      console.warn(TAG, 'postMessage failed:', e);
    }
  };

  Iframe.prototype._markReady = function () {
    if (this._peerReady) return;
    this._peerReady = true;
    var queued = this._outbox;
    this._outbox = [];
    for (var i = 0; i < queued.length; i++) this._post(queued[i]);
  };

  Iframe.prototype._request = function (message, callback) {
    var self = this;
    return new Promise(function (resolve) {
      message.id = newId();
      self._replyCallbacks[message.id] = function (responses) {
        safeCall(callback, null, [responses]);
        resolve(responses);
      };
      self._post(message);
    });
  };

  Iframe.prototype._receive = function (message) {
    var self = this;
    switch (message.kind) {
      case 'ready':
        this._markReady();
        return;
      case 'hello':
        this._post({ kind: 'ready' });
        return;
      case 'ping':
        this._post({ kind: 'reply', id: message.id, responses: [true] });
        return;
      case 'reply': {
        var cb = this._replyCallbacks[message.id];
        delete this._replyCallbacks[message.id];
        if (cb) cb(message.responses || []);
        return;
      }
      case 'send': {
        var handlers = this._handlers[message.type];
        if (!handlers || !handlers.length) {
          (this._pendingIn[message.type] = this._pendingIn[message.type] || []).push(message);
          return;
        }
        var results = handlers.slice().map(function (handler) {
          return Promise.resolve(safeCall(handler, null, [message.data, self])).catch(function (e) {
            console.debug(TAG, 'a handler promise rejected; swallowed:', e);
            return undefined;
          });
        });
        Promise.all(results).then(function (responses) {
          self._post({ kind: 'reply', id: message.id, responses: responses });
        });
        return;
      }
      default:
        return;
    }
  };

  Iframe.prototype.register = function (type, handler /* , filter: ignored, every peer passes */) {
    (this._handlers[type] = this._handlers[type] || []).push(handler);
    var pending = this._pendingIn[type] || [];
    delete this._pendingIn[type];
    for (var i = 0; i < pending.length; i++) this._receive(pending[i]);
  };

  Iframe.prototype.unregister = function (type, handler) {
    var handlers = this._handlers[type];
    if (!handlers) return;
    this._handlers[type] = handler
      ? handlers.filter(function (h) {
          return h !== handler;
        })
      : [];
  };

  /** Calls `callback(responses)` (one response per handler registered on the other side) and resolves with them. */
  Iframe.prototype.send = function (type, data, callback /* , filter */) {
    return this._request({ kind: 'send', type: type, data: data }, callback);
  };

  /** Resolves (and calls `callback`) once the other side has loaded this stand-in and answered. */
  Iframe.prototype.ping = function (callback /* , filter */) {
    return this._request({ kind: 'ping' }, callback);
  };

  /** The SDK only asks for {setHideOnLeave:false}; nothing to do for a hidden 1x1 iframe. */
  Iframe.prototype.restyle = function () {
    return Promise.resolve(true);
  };

  Iframe.prototype.getIframeEl = function () {
    return this._element;
  };
  Iframe.prototype.getWindow = function () {
    return this._getPeer();
  };
  Iframe.prototype.getOrigin = function () {
    return this._peerOrigin;
  };

  // ---- wiring: one message listener routes each message to the Iframe whose peer sent it ----
  var links = []; // Iframe objects (children opened here, plus the parent link when framed)

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || message[MARK] !== true) return;
    for (var i = 0; i < links.length; i++) {
      if (links[i]._getPeer() === event.source) {
        links[i]._receive(message);
        return;
      }
    }
  });

  // When this script runs inside a frame, the frame's parent is a peer; set the link up now so that messages that
  // arrive before the page calls getParentIframe() are queued, and announce ourselves.
  var parentLink = null;
  if (window.parent && window.parent !== window) {
    var ancestor = window.location.ancestorOrigins && window.location.ancestorOrigins[0];
    parentLink = new Iframe(
      function () {
        return window.parent;
      },
      ancestor && ancestor !== 'null' ? ancestor : '*',
      null,
    );
    parentLink._peerReady = true; // the parent is necessarily loaded already
    links.push(parentLink);
    parentLink._post({ kind: 'ready' });
  }

  var context = {
    open: function (options, onOpen) {
      options = options || {};
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (name === 'style' && value && typeof value === 'object') {
          Object.keys(value).forEach(function (prop) {
            element.style[prop] = value[prop];
          });
        } else {
          element.setAttribute(name, String(value));
        }
      });
      var url = new URL(options.url, window.location.href);
      var child = new Iframe(
        function () {
          return element.contentWindow;
        },
        url.origin,
        element,
      );
      links.push(child);
      element.addEventListener('load', function () {
        child._post({ kind: 'hello' });
      });
      element.src = url.href;
      (options.where || document.body).appendChild(element);
      if (typeof onOpen !== 'function') return child;
      var result = safeCall(onOpen, null, [child]);
      return result === undefined ? child : result;
    },
    getParentIframe: function () {
      return parentLink;
    },
    getWindow: function () {
      return window;
    },
  };

  function CROSS_ORIGIN_IFRAMES_FILTER() {
    return true;
  }

  var iframesLoaded = false;
  window.gapi = window.gapi || {};
  window.gapi.__standIn = true;
  window.gapi.load = function (features, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    if (String(features).split(':').indexOf('gapi.iframes') < 0) {
      console.warn(TAG, 'gapi.load of an unsupported feature:', features);
    }
    later(function () {
      if (!iframesLoaded) {
        iframesLoaded = true;
        window.gapi.iframes = {
          getContext: function () {
            return context;
          },
          Iframe: Iframe,
          CROSS_ORIGIN_IFRAMES_FILTER: CROSS_ORIGIN_IFRAMES_FILTER,
        };
      }
      safeCall(callback);
    });
  };

  runOnloadCallbacks(true);

  /** api.js calls `?onload=<name>` (how the SDK loads it) and window.gapi_onload (how the emulator's iframe does). */
  function runOnloadCallbacks(includeGapiOnload) {
    var script = document.currentScript;
    var name = null;
    try {
      name = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
    } catch {
      name = null;
    }
    later(function () {
      if (name) safeCall(window[name], window);
      if (includeGapiOnload) safeCall(window.gapi_onload, window);
    });
  }
})();
