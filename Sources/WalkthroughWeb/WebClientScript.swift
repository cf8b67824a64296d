/// The web client's own part of `client.js`: `showIfDue`, which asks `walkthrough serve`
/// whether a walkthrough is due for the token's user, shows it with ``WebPlayerScript`` in a
/// modal dialog in a shadow root, and records every step.
///
/// - Deciding never throws and settles within 3 s: every request has an `AbortController`
///   deadline inside a 2.5 s budget, and a 2.8 s guard answers `{shown: false, reason:
///   "timeout"}` and draws nothing if the answers come later. The steps waiting from before
///   are sent first (a queued `finished` must reach the store before it is asked again).
/// - The dialog follows the WAI-ARIA APG modal dialog pattern: `role="dialog"`,
///   `aria-modal="true"`, labelled by the page heading, focus moved to it and kept inside (Tab
///   and Shift+Tab wrap), Escape ends the session as `interrupted`, focus goes back to the
///   element that had it. `showModal()` puts it in the top layer and makes the page inert.
/// - Every step gets a fresh UUID and waits in `localStorage` (by server and user; in memory
///   where storage is refused) until the server answers it; one sender per queue sends them in
///   order, again at the next step, the next call and the `online` event. A step the server
///   refuses for good (a 4xx other than 401, 408 and 429) is dropped.
/// - Nothing it shows is markup: the definition's text is made safe by the exported page's
///   character rule (controls and bidi overrides written `^[` and `\u{202E}`) and set as text.
///
/// The module uses the constants `WORDS`, `ELEMENTS`, `STYLE`, `MAX_DOTS`, `AUTO_SPREAD` and
/// `ALWAYS_SPREAD` that ``WebClientModule`` puts before it.
package enum WebClientScript {
    /// The glue's source.
    package static let source = #"""
        const BUDGET = 2500;
        const GUARD = 2800;
        const STEP_TIMEOUT = 3000;
        const HOST = "walkthrough-dialog";
        const STEPS = { completed: "finished", skipped: "skipped", snoozed: "snoozed", interrupted: "interrupted" };
        const memory = new Map();
        const senders = new Map();
        const known = new Map();
        let sheet = null;
        let showing = false;

        function now() { return typeof performance === "object" ? performance.now() : Date.now(); }
        function notShown(reason) { return { shown: false, outcome: null, reason: reason }; }

        // The definition's text as the exported page shows it: every control character but
        // newline and tab, and every bidi embedding, override and isolate, written out (`^[`,
        // `\u{202E}`); CR LF is a newline.
        function safeText(value) {
          return String(value).replace(/\r\n/g, "\n").replace(
            /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, function (c) {
              var code = c.charCodeAt(0);
              if (code < 0x20) { return "^" + String.fromCharCode(code + 0x40); }
              if (code === 0x7F) { return "^?"; }
              return "\\u{" + code.toString(16).toUpperCase() + "}";
            });
        }

        function subject(token) {
          try {
            var part = String(token).split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
            var binary = atob(part + "===".slice((part.length + 3) % 4));
            var bytes = new Uint8Array(binary.length);
            for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
            var claims = JSON.parse(new TextDecoder().decode(bytes));
            return typeof claims.sub === "string" && claims.sub ? claims.sub : null;
          } catch (error) {
            return null;
          }
        }

        function uuid() {
          var c = typeof crypto === "object" ? crypto : null;
          if (c && typeof c.randomUUID === "function") { return c.randomUUID(); }
          var bytes = new Uint8Array(16);
          if (c && typeof c.getRandomValues === "function") {
            c.getRandomValues(bytes);
          } else {
            for (var i = 0; i < 16; i++) { bytes[i] = Math.floor(Math.random() * 256); }
          }
          bytes[6] = (bytes[6] & 0x0f) | 0x40;
          bytes[8] = (bytes[8] & 0x3f) | 0x80;
          var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
          return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" +
            hex.slice(16, 20) + "-" + hex.slice(20);
        }

        // A request that always settles, by `deadline` at the latest: {status, text}, status 0
        // when there was no answer (`timedOut` when the deadline came first).
        function request(url, init, deadline) {
          return new Promise(function (settle) {
            var done = false;
            var controller = typeof AbortController === "function" ? new AbortController() : null;
            function finish(answer) {
              if (done) { return; }
              done = true;
              clearTimeout(timer);
              settle(answer);
            }
            var timer = setTimeout(function () {
              if (controller) { controller.abort(); }
              finish({ status: 0, text: "", timedOut: true });
            }, Math.max(0, deadline - now()));
            try {
              fetch(url, Object.assign({
                mode: "cors", credentials: "omit", cache: "no-store", redirect: "error",
                signal: controller ? controller.signal : undefined
              }, init)).then(function (response) {
                return response.text().then(function (text) {
                  finish({ status: response.status, text: text });
                });
              }).catch(function () { finish({ status: 0, text: "" }); });
            } catch (error) {
              finish({ status: 0, text: "" });
            }
          });
        }
        function reasonOf(answer) {
          if (answer.status === 0) { return answer.timedOut ? "timeout" : "unreachable"; }
          if (answer.status === 401 || answer.status === 403) { return "unauthorized"; }
          if (answer.status === 404) { return "unknown"; }
          if (answer.status === 429) { return "busy"; }
          return "error";
        }
        function parsed(text) {
          try { return JSON.parse(text); } catch (error) { return null; }
        }
        function headers(context, json) {
          var result = { Authorization: "Bearer " + context.token };
          if (json) { result["Content-Type"] = "application/json"; }
          return result;
        }

        // MARK: - Steps waiting to be sent

        function queueKey(context) { return "walkthrough-steps " + context.server + " " + context.user; }
        function readQueue(key) {
          if (memory.has(key)) { return memory.get(key).slice(); }
          try {
            var list = JSON.parse(window.localStorage.getItem(key) || "[]");
            return Array.isArray(list) ? list : [];
          } catch (error) {
            return [];
          }
        }
        // Storage that refuses (a private window, a full quota) keeps the queue in memory.
        function writeQueue(key, list) {
          try {
            if (list.length) {
              window.localStorage.setItem(key, JSON.stringify(list));
            } else {
              window.localStorage.removeItem(key);
            }
            memory.delete(key);
          } catch (error) {
            memory.set(key, list);
          }
        }
        function enqueue(context, step) {
          var key = queueKey(context);
          writeQueue(key, readQueue(key).concat([step]));
        }
        // Sends the queue of `context`, oldest first, one sender at a time: `null` once it is
        // empty, else why it stopped. `deadline` bounds the whole; without one each request
        // gets STEP_TIMEOUT.
        function send(context, deadline) {
          var key = queueKey(context);
          var previous = senders.get(key) || Promise.resolve(null);
          var mine = previous.then(function () { return drain(context, key, deadline); });
          senders.set(key, mine.catch(function () { return null; }));
          return mine.catch(function () { return "error"; });
        }
        function drain(context, key, deadline) {
          var queue = readQueue(key);
          if (!queue.length) { return Promise.resolve(null); }
          var step = queue[0];
          var until = deadline === null ? now() + STEP_TIMEOUT : deadline;
          if (now() >= until) { return Promise.resolve("timeout"); }
          var url = context.server + "/v1/users/" + encodeURIComponent(context.user) +
            "/walkthroughs/" + encodeURIComponent(step.walkthrough) + "/steps";
          var body = JSON.stringify({ id: step.id, step: step.step, page: step.page, version: step.version });
          return request(url, { method: "POST", headers: headers(context, true), body: body }, until)
            .then(function (answer) {
              var status = answer.status;
              var done = status >= 200 && status < 300;
              var refused = status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
              if (!done && !refused) { return reasonOf(answer); }
              writeQueue(key, readQueue(key).filter(function (item) { return item.id !== step.id; }));
              return drain(context, key, deadline);
            });
        }
        function remember(server, user, token) {
          var context = { server: server, user: user, token: token };
          known.set(queueKey(context), context);
          return context;
        }
        if (typeof window === "object" && typeof window.addEventListener === "function") {
          window.addEventListener("online", function () {
            known.forEach(function (context) { send(context, null); });
          });
        }

        // MARK: - Deciding

        function serverOf(value) {
          try {
            var url = new URL(String(value), typeof location === "object" ? location.href : undefined);
            if (url.protocol !== "https:" && url.protocol !== "http:") { return null; }
            return url.origin + url.pathname.replace(/\/+$/, "");
          } catch (error) {
            return null;
          }
        }

        function decide(id, options) {
          if (typeof document !== "object" || typeof fetch !== "function") {
            return Promise.resolve(notShown("unsupported"));
          }
          var server = serverOf(options.server);
          if (!server) { return Promise.resolve(notShown("badServer")); }
          var user = subject(options.token);
          if (!user) { return Promise.resolve(notShown("badToken")); }
          if (typeof id !== "string" || !id) { return Promise.resolve(notShown("unknown")); }
          if (showing) { return Promise.resolve(notShown("showing")); }
          var deadline = now() + BUDGET;
          var context = remember(server, user, options.token);
          var locale = typeof options.locale === "string" && options.locale ? options.locale : null;
          var flag = null;
          return send(context, deadline).then(function (stopped) {
            if (stopped) { return notShown(stopped); }
            var asked = { context: { targetingKey: user } };
            if (locale) { asked.context.locale = locale; }
            return request(server + "/ofrep/v1/evaluate/flags/" + encodeURIComponent(id), {
              method: "POST", headers: headers(context, true), body: JSON.stringify(asked)
            }, deadline).then(function (answer) {
              if (answer.status !== 200) { return notShown(reasonOf(answer)); }
              flag = parsed(answer.text);
              if (!flag || typeof flag.value !== "boolean") { return notShown("error"); }
              if (!flag.value) {
                return notShown(typeof flag.variant === "string" ? flag.variant : "notDue");
              }
              var query = "?user=" + encodeURIComponent(user) +
                (locale ? "&locale=" + encodeURIComponent(locale) : "");
              return request(server + "/v1/walkthroughs/" + encodeURIComponent(id) + query, {
                method: "GET", headers: headers(context, false)
              }, deadline).then(function (answer) {
                if (answer.status !== 200) { return notShown(reasonOf(answer)); }
                var shown = parsed(answer.text);
                if (!shown || !Array.isArray(shown.pages) || !shown.pages.length ||
                    typeof shown.version !== "number") {
                  return notShown("error");
                }
                return { context: context, walkthrough: shown, id: id, locale: locale };
              });
            });
          });
        }

        // MARK: - Showing

        function wordsFor(tag) {
          if (!tag) { return null; }
          if (WORDS[tag]) { return WORDS[tag]; }
          try {
            var wanted = new Intl.Locale(tag).maximize();
            for (var name in WORDS) {
              var have = new Intl.Locale(name).maximize();
              if (have.language === wanted.language && have.script === wanted.script) { return WORDS[name]; }
            }
          } catch (error) { /* no Intl.Locale: the tag's language alone */ }
          return WORDS[String(tag).split("-")[0]] || null;
        }

        function playerData(decision) {
          var shown = decision.walkthrough;
          var server = decision.context.server;
          var tag = typeof shown.locale === "string" && shown.locale ? shown.locale : "en";
          var words = wordsFor(tag) || wordsFor(decision.locale) || WORDS.en;
          var layout = shown.layout || {};
          var spread = ["never", "auto", "always"].indexOf(layout.spread) >= 0 ? layout.spread : "never";
          function text(value) { return typeof value === "string" ? safeText(value) : null; }
          function image(path) {
            return typeof path === "string" && path.indexOf("/v1/walkthroughs/") === 0 ? server + path : null;
          }
          return {
            id: shown.id,
            navigation: shown.navigation === "linear" ? "linear" : "free",
            skippable: shown.skippable !== false,
            layout: {
              spread: spread,
              orientation: layout.orientation === "vertical" ? "vertical" : "horizontal",
              transition: layout.transition === "scroll" ? "scroll" : "none"
            },
            spreadWidth: spread === "always" ? ALWAYS_SPREAD : AUTO_SPREAD,
            maxDots: MAX_DOTS,
            initialLocale: 0,
            locales: [{
              tag: tag,
              title: text(shown.title) || text(shown.id) || "",
              finishLabel: text(shown.finishLabel) || words.finish,
              words: words,
              pages: shown.pages.map(function (page) {
                return {
                  heading: text(page.heading) || "", content: text(page.content) || "",
                  image: image(page.image), imageAlt: text(page.alt)
                };
              })
            }]
          };
        }

        function build(parent, elements) {
          elements.forEach(function (element) {
            var node = document.createElement(element[0]);
            element[1].forEach(function (attribute) { node.setAttribute(attribute[0], attribute[1]); });
            build(node, element[2]);
            parent.appendChild(node);
          });
        }
        function adopt(shadow) {
          try {
            if (!sheet) {
              sheet = new CSSStyleSheet();
              sheet.replaceSync(STYLE);
            }
            shadow.adoptedStyleSheets = [sheet];
          } catch (error) {
            var style = document.createElement("style");
            style.textContent = STYLE;
            shadow.appendChild(style);
          }
        }
        function focusedElement() {
          var active = document.activeElement;
          while (active && active.shadowRoot && active.shadowRoot.activeElement) {
            active = active.shadowRoot.activeElement;
          }
          return active;
        }
        // What Tab reaches in the dialog, in order.
        function tabbable(dialog) {
          return Array.prototype.filter.call(
            dialog.querySelectorAll("button, select, [tabindex]"), function (element) {
              return !element.disabled && element.tabIndex >= 0 && !element.closest("[hidden]") &&
                element.getClientRects().length > 0;
            });
        }

        // Shows the walkthrough `decision` holds; settles with the outcome once the last step
        // has been sent (or could not be, within STEP_TIMEOUT).
        function present(decision) {
          return new Promise(function (settle) {
            var shown = decision.walkthrough;
            var context = decision.context;
            var positions = shown.pages.map(function (page, index) {
              return typeof page.page === "number" ? page.page : index + 1;
            });
            var data = playerData(decision);
            var returnTo = focusedElement();
            var host = document.createElement(HOST);
            var shadow = host.attachShadow({ mode: "open" });
            adopt(shadow);
            var dialog = document.createElement("dialog");
            dialog.id = "dialog";
            dialog.setAttribute("role", "dialog");
            dialog.setAttribute("aria-modal", "true");
            dialog.setAttribute("aria-labelledby", "heading");
            dialog.setAttribute("data-spread", data.layout.spread);
            dialog.setAttribute("data-orientation", data.layout.orientation);
            dialog.setAttribute("data-transition", data.layout.transition);
            build(dialog, ELEMENTS);
            shadow.appendChild(dialog);
            var ended = false;
            var player = null;
            function record(step, index) {
              enqueue(context, {
                walkthrough: decision.id, id: uuid(), step: step, page: positions[index],
                version: shown.version
              });
              return send(context, null);
            }
            function end(outcome) {
              if (ended) { return; }
              ended = true;
              var sent = record(STEPS[outcome], player.range()[1]);
              player.stop();
              dialog.removeEventListener("keydown", trap);
              if (dialog.open) { dialog.close(); }
              host.remove();
              showing = false;
              if (returnTo && returnTo.isConnected && typeof returnTo.focus === "function") {
                returnTo.focus();
              }
              sent.then(function () { settle(outcome); });
            }
            function trap(event) {
              if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) { return; }
              var items = tabbable(dialog);
              event.preventDefault();
              if (!items.length) { return; }
              var at = items.indexOf(shadow.activeElement);
              if (at < 0) {
                // From the heading (or nothing): the first element after it, or before it.
                var active = shadow.activeElement;
                var after = items.filter(function (item) {
                  return active && (active.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING);
                });
                at = event.shiftKey ? items.indexOf(after[0]) : items.indexOf(after[0]) - 1;
                if (after.length === 0) { at = event.shiftKey ? 0 : items.length - 1; }
              }
              var next = (at + (event.shiftKey ? -1 : 1) + items.length) % items.length;
              items[next].focus();
            }
            dialog.addEventListener("keydown", trap);
            // A key pressed in the dialog is the dialog's: the host's own shortcuts do not hear it.
            dialog.addEventListener("keydown", function (event) { event.stopPropagation(); });
            dialog.addEventListener("cancel", function (event) {
              event.preventDefault();
              end("interrupted");
            });
            (document.body || document.documentElement).appendChild(host);
            showing = true;
            try {
              if (typeof dialog.showModal === "function") {
                dialog.showModal();
              } else {
                dialog.setAttribute("open", "");
              }
              var start = Math.max(0, Math.min((shown.startPage || 1) - 1, shown.pages.length - 1));
              player = walkthroughPlayer(shadow, data, {
                frame: dialog, keys: dialog, start: start, later: true, finishedView: false,
                onShow: function (range, how) {
                  for (var index = range[0]; index <= range[1]; index++) {
                    record(how === "start" && index === range[0] ? "started" : "page", index);
                  }
                },
                onFinish: function (outcome) { end(outcome); },
                onEscape: function () { end("interrupted"); }
              });
            } catch (error) {
              // Nothing half drawn stays on the host's page.
              host.remove();
              showing = false;
              throw error;
            }
            shadow.getElementById("heading").focus();
          });
        }

        /// Shows the walkthrough `id` when it is due for the user of `options.token` (a user
        /// token's `sub`), from `options.server`, in `options.locale`. Never throws.
        export function showIfDue(id, options) {
          return new Promise(function (settle) {
            var settled = false;
            var expired = false;
            function answer(result) {
              if (settled) { return; }
              settled = true;
              settle(result);
            }
            var guard = setTimeout(function () {
              expired = true;
              answer(notShown("timeout"));
            }, GUARD);
            var decided;
            try {
              decided = decide(id, options || {});
            } catch (error) {
              decided = Promise.resolve(notShown("error"));
            }
            decided.then(function (decision) {
              clearTimeout(guard);
              if (expired) { return; }
              if (!decision.walkthrough) { return answer(decision); }
              if (showing) { return answer(notShown("showing")); }
              return present(decision).then(function (outcome) {
                answer({ shown: true, outcome: outcome, reason: "due" });
              });
            }).catch(function () {
              clearTimeout(guard);
              answer(notShown("error"));
            });
          });
        }

        """#
}
