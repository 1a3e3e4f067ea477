/* global window, document */
/*
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served by Playwright's routing in
 * the journeys (no machine here reaches Stripe). It defines `window.Stripe` with what
 * @stripe/stripe-js and @stripe/react-stripe-js use, and talks to the Stripe test server at
 * __STRIPE_API_URL__ (put in by support/stripe-js.ts) the way Stripe.js talks to Stripe: the
 * publishable key and the PaymentIntent's client secret as form parameters.
 *
 * The Payment Element is one real card-number input. Stripe's test card numbers choose the test
 * server's test payment methods.
 */
(function () {
  var API = '__STRIPE_API_URL__';
  var TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    5555555555554444: 'pm_card_mastercard',
    4000000000000002: 'pm_card_chargeDeclined',
    4000000000009995: 'pm_card_chargeDeclinedInsufficientFunds',
    4000002760003184: 'pm_card_authenticationRequired',
  };

  function intentId(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }

  function form(params) {
    return Object.keys(params)
      .filter(function (k) {
        return params[k] !== undefined && params[k] !== null;
      })
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]);
      })
      .join('&');
  }

  function call(method, path, params) {
    var url = API + path + (method === 'GET' ? '?' + form(params) : '');
    return fetch(url, {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : form(params),
    }).then(function (response) {
      return response.json().then(function (body) {
        return response.ok ? { ok: body } : { error: body.error };
      });
    });
  }

  function createElement(type) {
    var listeners = {};
    var state = { ready: false, digits: '', input: null, node: null };
    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    var element = {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        var label = document.createElement('label');
        label.textContent = 'Card number';
        label.style.display = 'block';
        label.style.fontSize = '13px';
        label.style.marginBottom = '4px';
        label.style.color = '#3f3f46';
        var input = document.createElement('input');
        input.type = 'text';
        input.inputMode = 'numeric';
        input.autocomplete = 'cc-number';
        input.placeholder = '1234 1234 1234 1234';
        input.style.width = '100%';
        input.style.boxSizing = 'border-box';
        input.style.padding = '10px 12px';
        input.style.border = '1px solid #d4d4d8';
        input.style.borderRadius = '8px';
        input.style.fontSize = '15px';
        label.appendChild(input);
        input.addEventListener('input', function () {
          state.digits = input.value.replace(/\D/g, '');
          emit('change', { elementType: type, empty: state.digits === '', complete: state.digits.length >= 15 });
        });
        node.appendChild(label);
        state.input = input;
        state.node = label;
        // As Stripe: ready once the element's frame has loaded.
        setTimeout(function () {
          state.ready = true;
          emit('ready', { elementType: type });
        }, 50);
      },
      on: function (event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        if (event === 'ready' && state.ready) {
          setTimeout(function () {
            handler({ elementType: type });
          }, 0);
        }
        return element;
      },
      off: function (event, handler) {
        listeners[event] = (listeners[event] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      update: function () {},
      focus: function () {
        if (state.input) state.input.focus();
      },
      blur: function () {},
      clear: function () {
        if (state.input) state.input.value = '';
        state.digits = '';
      },
      unmount: function () {
        if (state.node) state.node.remove();
        state.node = null;
      },
      destroy: function () {
        element.unmount();
      },
      _digits: function () {
        return state.digits;
      },
    };
    return element;
  }

  function createElements(options) {
    var clientSecret = options && options.clientSecret;
    var element = null;
    return {
      create: function (type) {
        element = createElement(type);
        return element;
      },
      getElement: function () {
        return element;
      },
      update: function (next) {
        if (next && next.clientSecret) clientSecret = next.clientSecret;
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        return Promise.resolve(paymentMethod(element).error ? { error: paymentMethod(element).error } : {});
      },
      _clientSecret: function () {
        return clientSecret;
      },
    };
  }

  function paymentMethod(element) {
    var digits = element ? element._digits() : '';
    if (digits.length < 15) {
      return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
    }
    var id = TEST_CARDS[digits];
    if (!id) return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
    return { id: id };
  }

  function Stripe(key) {
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Invalid publishable key');
    return {
      elements: createElements,
      confirmPayment: function (args) {
        var elements = args.elements;
        var returnUrl = args.confirmParams && args.confirmParams.return_url;
        var method = paymentMethod(elements.getElement());
        if (method.error) return Promise.resolve({ error: method.error });
        var clientSecret = elements._clientSecret();
        return call('POST', '/v1/payment_intents/' + intentId(clientSecret) + '/confirm', {
          key: key,
          client_secret: clientSecret,
          payment_method: method.id,
          return_url: returnUrl,
        }).then(function (result) {
          if (result.error) return { error: result.error };
          var intent = result.ok;
          var next = intent.next_action;
          if (intent.status === 'requires_action' && next && next.type === 'redirect_to_url') {
            window.location.assign(next.redirect_to_url.url);
            // The page is leaving: like Stripe.js, never settle.
            return new Promise(function () {});
          }
          if (args.redirect !== 'if_required' && returnUrl) {
            var back = new URL(returnUrl);
            back.searchParams.set('payment_intent', intent.id);
            back.searchParams.set('payment_intent_client_secret', clientSecret);
            back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'processing');
            window.location.assign(back.toString());
            return new Promise(function () {});
          }
          return { paymentIntent: intent };
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return call('GET', '/v1/payment_intents/' + intentId(clientSecret), { key: key, client_secret: clientSecret }).then(
          function (result) {
            return result.error ? { error: result.error } : { paymentIntent: result.ok };
          },
        );
      },
      // React Stripe.js recognises a Stripe object by these; the app does not call them.
      createToken: function () {
        return Promise.reject(new Error('Not in the stand-in'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('Not in the stand-in'));
      },
      confirmCardPayment: function () {
        return Promise.reject(new Error('Not in the stand-in'));
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  // @stripe/stripe-js compares this with the release it expects.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
