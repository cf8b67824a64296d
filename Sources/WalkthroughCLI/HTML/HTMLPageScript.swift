/// The exported page's one script, the same for every walkthrough: it reads the walkthrough
/// from the page's `<script type="application/json">` and plays it.
///
/// With `layout.spread` a window at least `spreadWidth` pixels wide shows two pages side by side
/// (`1–2/5`, both dots current) and every move goes a spread at a time; the reader stays on the
/// spread's last page, so a window narrowed shows that page and widened again its spread. A
/// vertical walkthrough also moves with ↓ Page Down and ↑ Page Up. With `"transition": "scroll"`
/// a move slides the pages in with a CSS transform (``HTMLPageStyle``), unless the reader asks for
/// reduced motion.
///
/// Definition text reaches the page only as text: `textContent`, `alt`, `document.title` and
/// attributes set with `setAttribute`; never `innerHTML`, and never a URL the definition chose
/// (image sources are the export's own file names). The script holds nothing that varies, so its hash, which the page's
/// Content-Security-Policy allows it by, is computed from this text at export time.
enum HTMLPageScript {
    static let source = #"""
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("walkthrough-data").textContent);
          function byId(id) { return document.getElementById(id); }
          var view = {
            title: byId("title"), page: byId("page"), figure: byId("figure"),
            image: byId("image"), imageAlt: byId("image-alt"), heading: byId("heading"),
            content: byId("content"), finished: byId("finished"),
            finishedHeading: byId("finished-heading"), restart: byId("restart"),
            pager: byId("pager"), dots: byId("dots"), position: byId("position"),
            back: byId("back"), skip: byId("skip"), next: byId("next"),
            announcer: byId("announcer"), languages: byId("languages"),
            localeLabel: byId("locale-label"), locale: byId("locale")
          };
          var state = { locale: data.initialLocale, index: 0, furthest: 0, outcome: null };
          var dotButtons = [];
          var spread = byId("spread");
          var right = {
            page: byId("page-2"), figure: byId("figure-2"), image: byId("image-2"),
            imageAlt: byId("image-alt-2"), heading: byId("heading-2"), content: byId("content-2")
          };
          var wide = window.matchMedia("(min-width: " + data.spreadWidth + "px)");
          var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
          var vertical = data.layout.orientation === "vertical";

          function spreads() { return data.layout.spread !== "never" && wide.matches; }
          // The pages shown: the spread holding the reader's page (1-2, 3-4, ...; an odd last
          // page alone), or that page alone.
          function shownRange() {
            var count = shown().pages.length, index = state.index;
            if (!spreads()) { return [index, index]; }
            var first = index - index % 2;
            return [first, Math.min(first + 1, count - 1)];
          }
          function rangeOf(index) {
            var saved = state.index;
            state.index = index;
            var range = shownRange();
            state.index = saved;
            return range;
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
          function slide(direction) {
            if (data.layout.transition !== "scroll" || reducedMotion.matches) { return; }
            var from = direction === "forward" ? "from-after" : "from-before";
            spread.classList.add(from);
            void spread.offsetWidth;
            spread.classList.remove(from);
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

          function render(announce, direction) {
            var locale = shown(), words = locale.words, count = locale.pages.length;
            document.documentElement.lang = locale.tag;
            document.title = locale.title;
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
            document.documentElement.setAttribute("data-spreads", spreads() ? "on" : "off");
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
            var last = range[1] === count - 1;
            view.next.textContent = last ? locale.finishLabel : words.next;
            view.next.classList.toggle("finish", last);
            if (direction) { slide(direction); }
            if (announce) {
              view.announcer.textContent = fill(
                words.announce, { page: position, count: count, heading: page.heading });
              view.heading.focus();
            }
          }

          function reachable(index) {
            return data.navigation !== "linear" || rangeOf(index)[0] <= state.furthest + 1;
          }
          // Shows the page at `index`, or the spread holding it.
          function go(index) {
            var count = shown().pages.length;
            if (state.outcome || index < 0 || index >= count) { return; }
            var from = shownRange(), to = rangeOf(index);
            if (to[0] === from[0] || !reachable(index)) { return; }
            state.index = to[1];
            render(true, to[0] > from[0] ? "forward" : "reverse");
          }
          function next() {
            if (state.outcome) { return; }
            var range = shownRange();
            if (range[1] === shown().pages.length - 1) { finish("completed"); } else { go(range[1] + 1); }
          }
          function back() { go(shownRange()[0] - 1); }
          function finish(outcome) {
            state.outcome = outcome;
            document.documentElement.setAttribute("data-outcome", outcome);
            render(false);
            view.announcer.textContent = view.finishedHeading.textContent;
            view.finishedHeading.focus();
            document.dispatchEvent(new CustomEvent("walkthroughfinished", {
              detail: { walkthrough: data.id, outcome: outcome }
            }));
          }
          function restart() {
            state.index = 0;
            state.furthest = 0;
            state.outcome = null;
            document.documentElement.removeAttribute("data-outcome");
            render(true);
          }

          view.next.addEventListener("click", next);
          view.back.addEventListener("click", back);
          view.skip.addEventListener("click", function () { if (data.skippable) { finish("skipped"); } });
          view.restart.addEventListener("click", restart);
          document.addEventListener("keydown", function (event) {
            if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
            var target = event.target;
            if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" ||
                target.tagName === "TEXTAREA" || target.isContentEditable)) { return; }
            var forward = event.key === "ArrowRight" ||
              (vertical && (event.key === "ArrowDown" || event.key === "PageDown"));
            var backward = event.key === "ArrowLeft" ||
              (vertical && (event.key === "ArrowUp" || event.key === "PageUp"));
            if (forward) {
              event.preventDefault();
              next();
            } else if (backward) {
              event.preventDefault();
              back();
            }
          });
          // A window resized across the spread width keeps the reader's page.
          wide.addEventListener("change", function () { if (!state.outcome) { render(false); } });

          buildDots();
          buildLanguages();
          render(false);
          document.documentElement.setAttribute("data-ready", "true");
        })();

        """#
}
