/// The web player: one function, `walkthroughPlayer(root, data, options)`, that plays a
/// walkthrough in the elements of ``WebPlayerMarkup`` found by id in `root` (the exported page's
/// `document`, or the web client's shadow root). The exported page's script and the web
/// client's module each hold this same text and add only their own glue.
///
/// `data` is the exported page's data: `{id, navigation, skippable, layout: {spread,
/// orientation, transition}, spreadWidth, maxDots, initialLocale, locales: [{tag, title,
/// finishLabel, words, pages: [{heading, content, image, imageAlt}]}]}`, its text already made
/// safe by the character rule. `options`: `frame` (the element that takes `lang`, `dir`,
/// `data-spreads` and `data-outcome`), `keys` (where key presses are heard), `start` (the page
/// to open on), `setsTitle` (the document's title follows the walkthrough's), `later` (a Later
/// button and `z`), `finishedView` (the finished view with Start again, else the host ends the
/// session), and the callbacks `onShow(range, how)` (`how`: `"start"` or `"move"`; `range` the
/// first and last page shown, from 0), `onFinish(outcome, range)` and `onEscape()`.
///
/// Keys: → and ← (mirrored right to left), ↓ ↑ Page Down and Page Up when vertical, Home, End,
/// the digits 1 to 9, Enter on the last page, `s` to skip, `z` for later. With
/// `layout.spread` a window at least `spreadWidth` pixels wide shows two pages side by side
/// (`1–2/5`, both dots current) and every move goes a spread at a time; the reader stays on the
/// spread's last page, so a window narrowed shows that page and widened again its spread.
/// With `"transition": "scroll"` a move slides the pages in with a CSS transform
/// (``WebPlayerStyle``), unless the reader asks for reduced motion. A locale written right to
/// left (Arabic, Hebrew, …: the script its tag implies) sets `dir="rtl"` on the frame.
///
/// Definition text reaches the page only as text: `textContent`, `alt`, `document.title` and
/// attributes set with `setAttribute`; never `innerHTML`. Image sources are what the glue
/// gives (the export's own file names, the server's image URLs).
package enum WebPlayerScript {
    /// The player's source: a function declaration, the same in a classic script and a module.
    package static let source = #"""
        function walkthroughPlayer(root, data, options) {
          "use strict";
          function byId(id) { return root.getElementById(id); }
          var frame = options.frame;
          var view = {
            title: byId("title"), page: byId("page"), figure: byId("figure"),
            image: byId("image"), imageAlt: byId("image-alt"), heading: byId("heading"),
            content: byId("content"), finished: byId("finished"),
            finishedHeading: byId("finished-heading"), restart: byId("restart"),
            pager: byId("pager"), dots: byId("dots"), position: byId("position"),
            back: byId("back"), skip: byId("skip"), later: byId("later"), next: byId("next"),
            announcer: byId("announcer"), languages: byId("languages"),
            localeLabel: byId("locale-label"), locale: byId("locale"), spread: byId("spread")
          };
          var right = {
            page: byId("page-2"), figure: byId("figure-2"), image: byId("image-2"),
            imageAlt: byId("image-alt-2"), heading: byId("heading-2"), content: byId("content-2")
          };
          var pageCount = data.locales[data.initialLocale].pages.length;
          var first = Math.max(0, Math.min(options.start || 0, pageCount - 1));
          var state = { locale: data.initialLocale, index: first, furthest: first, outcome: null };
          var dotButtons = [];
          var wide = window.matchMedia("(min-width: " + data.spreadWidth + "px)");
          var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
          var vertical = data.layout.orientation === "vertical";
          var rightToLeftScripts = ["Adlm", "Arab", "Hebr", "Mand", "Mend", "Nkoo", "Rohg", "Samr",
            "Syrc", "Thaa", "Yezi"];

          function spreads() { return data.layout.spread !== "never" && wide.matches; }
          // The pages shown: the spread holding the reader's page (1-2, 3-4, ...; an odd last
          // page alone), or that page alone.
          function shownRange() {
            var count = shown().pages.length, index = state.index;
            if (!spreads()) { return [index, index]; }
            var start = index - index % 2;
            return [start, Math.min(start + 1, count - 1)];
          }
          function rangeOf(index) {
            var saved = state.index;
            state.index = index;
            var range = shownRange();
            state.index = saved;
            return range;
          }
          // "rtl" for a tag whose script is written right to left (ar, he, fa, ur, ...).
          function direction(tag) {
            try {
              var locale = new Intl.Locale(tag);
              var info = typeof locale.getTextInfo === "function" ? locale.getTextInfo() : locale.textInfo;
              if (info && info.direction) { return info.direction; }
              return rightToLeftScripts.indexOf(locale.maximize().script) >= 0 ? "rtl" : "ltr";
            } catch (error) {
              return /^(ar|arc|ckb|dv|fa|he|iw|ps|sd|ug|ur|yi)(-|$)/i.test(tag) ? "rtl" : "ltr";
            }
          }
          function fillPage(target, page, words) {
            target.heading.textContent = page.heading;
            target.content.textContent = page.content;
            if (page.image !== null) {
              target.image.setAttribute("src", page.image);
              target.image.alt = page.imageAlt === null ? "" : page.imageAlt;
              target.image.hidden = false;
              target.imageAlt.hidden = true;
              target.imageAlt.textContent = "";
              target.figure.hidden = false;
            } else if (page.imageAlt !== null) {
              target.image.removeAttribute("src");
              target.image.alt = "";
              target.image.hidden = true;
              target.imageAlt.textContent = fill(words.imageAlt, { alt: page.imageAlt });
              target.imageAlt.hidden = false;
              target.figure.hidden = false;
            } else {
              target.image.removeAttribute("src");
              target.figure.hidden = true;
            }
          }
          // Slides the pages in from the side they come from: a CSS transform the style sheet
          // turns into a transition, none where the reader asks for reduced motion.
          function slide(way) {
            if (data.layout.transition !== "scroll" || reducedMotion.matches) { return; }
            var from = way === "forward" ? "from-after" : "from-before";
            view.spread.classList.add(from);
            void view.spread.offsetWidth;
            view.spread.classList.remove(from);
          }

          function shown() { return data.locales[state.locale]; }
          function fill(template, values) {
            return template.replace(/\{([a-z]+)\}/g, function (whole, name) {
              return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
            });
          }
          function autonym(tag) {
            try {
              var name = new Intl.DisplayNames([tag], { type: "language" }).of(tag);
              if (name) { return name; }
            } catch (error) { /* an engine without Intl.DisplayNames: the tag itself */ }
            return tag;
          }

          function buildDots() {
            var count = shown().pages.length;
            if (count > data.maxDots) {
              // No dots to say where the reader is: let `N/M` say it.
              view.dots.hidden = true;
              view.position.removeAttribute("aria-hidden");
              return;
            }
            for (var index = 0; index < count; index++) {
              var item = document.createElement("li");
              var button = document.createElement("button");
              button.type = "button";
              button.className = "dot";
              button.addEventListener("click", jumpTo(index));
              item.appendChild(button);
              view.dots.appendChild(item);
              dotButtons.push(button);
            }
          }
          function jumpTo(index) { return function () { go(index); }; }

          function buildLanguages() {
            if (data.locales.length < 2) { return; }
            data.locales.forEach(function (locale, index) {
              var option = document.createElement("option");
              option.value = String(index);
              option.textContent = autonym(locale.tag);
              option.lang = locale.tag;
              view.locale.appendChild(option);
            });
            view.locale.selectedIndex = state.locale;
            view.locale.addEventListener("change", function () {
              state.locale = view.locale.selectedIndex;
              render(false);
            });
            view.languages.hidden = false;
          }

          function render(announce, way) {
            var locale = shown(), words = locale.words, count = locale.pages.length;
            frame.lang = locale.tag;
            frame.dir = direction(locale.tag);
            if (options.setsTitle) { document.title = locale.title; }
            view.title.textContent = locale.title;
            view.localeLabel.textContent = words.language;
            view.pager.setAttribute("aria-label", words.pages);
            view.dots.setAttribute("aria-label", words.pages);
            if (state.outcome) {
              view.page.hidden = true;
              view.pager.hidden = true;
              view.finished.hidden = false;
              view.finishedHeading.textContent = fill(
                state.outcome === "completed" ? words.completed : words.skipped,
                { title: locale.title });
              view.restart.textContent = words.restart;
              return;
            }
            if (spreads()) {
              // In a spread the reader is on its last page: what a narrower window shows.
              state.index = shownRange()[1];
            }
            var range = shownRange();
            state.furthest = Math.max(state.furthest, range[1]);
            var page = locale.pages[range[0]];
            frame.setAttribute("data-spreads", spreads() ? "on" : "off");
            view.finished.hidden = true;
            view.page.hidden = false;
            view.pager.hidden = false;
            fillPage(view, page, words);
            if (range[1] > range[0]) {
              fillPage(right, locale.pages[range[1]], words);
              right.page.hidden = false;
            } else {
              right.page.hidden = true;
            }
            dotButtons.forEach(function (button, index) {
              button.setAttribute("aria-label", fill(words.page, { page: index + 1, count: count }));
              if (index >= range[0] && index <= range[1]) {
                button.setAttribute("aria-current", "step");
              } else {
                button.removeAttribute("aria-current");
              }
              button.disabled = !reachable(index);
            });
            var position = range[1] > range[0]
              ? (range[0] + 1) + "\u2013" + (range[1] + 1) : String(range[0] + 1);
            view.position.textContent = position + "/" + count;
            view.back.textContent = words.back;
            view.back.disabled = range[0] === 0;
            view.skip.textContent = words.skip;
            view.skip.hidden = !data.skippable;
            view.later.textContent = words.later;
            view.later.hidden = !options.later;
            var last = range[1] === count - 1;
            view.next.textContent = last ? locale.finishLabel : words.next;
            view.next.classList.toggle("finish", last);
            if (way) { slide(way); }
            if (announce) {
              view.announcer.textContent = fill(
                words.announce, { page: position, count: count, heading: page.heading });
              view.heading.focus();
            }
          }

          function reachable(index) {
            return data.navigation !== "linear" || rangeOf(index)[0] <= state.furthest + 1;
          }
          function lastReachable() {
            var index = shown().pages.length - 1;
            while (index > 0 && !reachable(index)) { index--; }
            return index;
          }
          // Shows the page at `index`, or the spread holding it.
          function go(index) {
            var count = shown().pages.length;
            if (state.outcome || index < 0 || index >= count) { return; }
            var from = shownRange(), to = rangeOf(index);
            if (to[0] === from[0] || !reachable(index)) { return; }
            state.index = to[1];
            render(true, to[0] > from[0] ? "forward" : "reverse");
            if (options.onShow) { options.onShow(shownRange(), "move"); }
          }
          function next() {
            if (state.outcome) { return; }
            var range = shownRange();
            if (range[1] === shown().pages.length - 1) { finish("completed"); } else { go(range[1] + 1); }
          }
          function back() { go(shownRange()[0] - 1); }
          function finish(outcome) {
            if (state.outcome) { return; }
            state.outcome = outcome;
            frame.setAttribute("data-outcome", outcome);
            if (options.finishedView) {
              render(false);
              view.announcer.textContent = view.finishedHeading.textContent;
              view.finishedHeading.focus();
            }
            if (options.onFinish) { options.onFinish(outcome, shownRange()); }
          }
          function restart() {
            state.index = 0;
            state.furthest = 0;
            state.outcome = null;
            frame.removeAttribute("data-outcome");
            render(true);
            if (options.onShow) { options.onShow(shownRange(), "start"); }
          }
          function onKey(event) {
            if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
            var target = event.target;
            if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" ||
                target.tagName === "TEXTAREA" || target.isContentEditable)) { return; }
            var key = event.key, act = null;
            if (key === "Escape" && options.onEscape) {
              event.preventDefault();
              options.onEscape();
              return;
            }
            if (event.shiftKey || state.outcome) { return; }
            var rightToLeft = frame.dir === "rtl";
            var count = shown().pages.length;
            if (key === (rightToLeft ? "ArrowLeft" : "ArrowRight") ||
                (vertical && (key === "ArrowDown" || key === "PageDown"))) {
              act = next;
            } else if (key === (rightToLeft ? "ArrowRight" : "ArrowLeft") ||
                (vertical && (key === "ArrowUp" || key === "PageUp"))) {
              act = back;
            } else if (key === "Home") {
              act = function () { go(0); };
            } else if (key === "End") {
              act = function () { go(lastReachable()); };
            } else if (/^[1-9]$/.test(key)) {
              act = function () { go(Number(key) - 1); };
            } else if (key === "Enter" && shownRange()[1] === count - 1 &&
                !(target && target.tagName === "BUTTON")) {
              act = next;
            } else if (key === "s" && data.skippable) {
              act = function () { finish("skipped"); };
            } else if (key === "z" && options.later) {
              act = function () { finish("snoozed"); };
            }
            if (act) {
              event.preventDefault();
              act();
            }
          }
          // A window resized across the spread width keeps the reader's page.
          function onWidth() { if (!state.outcome) { render(false); } }

          view.next.addEventListener("click", next);
          view.back.addEventListener("click", back);
          view.skip.addEventListener("click", function () { if (data.skippable) { finish("skipped"); } });
          view.later.addEventListener("click", function () { if (options.later) { finish("snoozed"); } });
          view.restart.addEventListener("click", restart);
          options.keys.addEventListener("keydown", onKey);
          wide.addEventListener("change", onWidth);

          buildDots();
          buildLanguages();
          render(false);
          if (options.onShow) { options.onShow(shownRange(), "start"); }
          return {
            range: shownRange,
            stop: function () {
              options.keys.removeEventListener("keydown", onKey);
              wide.removeEventListener("change", onWidth);
            }
          };
        }

        """#
}
