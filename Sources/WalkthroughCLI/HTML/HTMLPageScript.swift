/// The exported page's one script, the same for every walkthrough: it reads the walkthrough
/// from the page's `<script type="application/json">` and plays it.
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

          function render(announce) {
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
            var page = locale.pages[state.index];
            view.finished.hidden = true;
            view.page.hidden = false;
            view.pager.hidden = false;
            view.heading.textContent = page.heading;
            view.content.textContent = page.content;
            if (page.image !== null) {
              view.image.setAttribute("src", page.image);
              view.image.alt = page.imageAlt === null ? "" : page.imageAlt;
              view.image.hidden = false;
              view.imageAlt.hidden = true;
              view.imageAlt.textContent = "";
              view.figure.hidden = false;
            } else if (page.imageAlt !== null) {
              view.image.removeAttribute("src");
              view.image.alt = "";
              view.image.hidden = true;
              view.imageAlt.textContent = fill(words.imageAlt, { alt: page.imageAlt });
              view.imageAlt.hidden = false;
              view.figure.hidden = false;
            } else {
              view.image.removeAttribute("src");
              view.figure.hidden = true;
            }
            dotButtons.forEach(function (button, index) {
              button.setAttribute("aria-label", fill(words.page, { page: index + 1, count: count }));
              if (index === state.index) {
                button.setAttribute("aria-current", "step");
              } else {
                button.removeAttribute("aria-current");
              }
              button.disabled = !reachable(index);
            });
            view.position.textContent = (state.index + 1) + "/" + count;
            view.back.textContent = words.back;
            view.back.disabled = state.index === 0;
            view.skip.textContent = words.skip;
            view.skip.hidden = !data.skippable;
            var last = state.index === count - 1;
            view.next.textContent = last ? locale.finishLabel : words.next;
            view.next.classList.toggle("finish", last);
            if (announce) {
              view.announcer.textContent = fill(
                words.announce, { page: state.index + 1, count: count, heading: page.heading });
              view.heading.focus();
            }
          }

          function reachable(index) {
            return data.navigation !== "linear" || index <= state.furthest + 1;
          }
          function go(index) {
            var count = shown().pages.length;
            if (state.outcome || index < 0 || index >= count || index === state.index) { return; }
            if (!reachable(index)) { return; }
            state.index = index;
            state.furthest = Math.max(state.furthest, index);
            render(true);
          }
          function next() {
            if (state.outcome) { return; }
            if (state.index === shown().pages.length - 1) { finish("completed"); } else { go(state.index + 1); }
          }
          function back() { go(state.index - 1); }
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
            if (event.key === "ArrowRight") {
              event.preventDefault();
              next();
            } else if (event.key === "ArrowLeft") {
              event.preventDefault();
              back();
            }
          });

          buildDots();
          buildLanguages();
          render(false);
          document.documentElement.setAttribute("data-ready", "true");
        })();

        """#
}
