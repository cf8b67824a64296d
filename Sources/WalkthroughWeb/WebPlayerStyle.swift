/// The web player's one style sheet, for the exported page (inline, allowed by its hash in the
/// page's Content-Security-Policy) and the web client (adopted by its shadow root as a
/// constructed sheet, which a host's `style-src` does not govern).
///
/// A centred column that fills a phone's width, large touch targets, the system's fonts, light
/// and dark colours with WCAG AA contrast (`--on-accent` on `--accent` is 4.9:1 light, 6.0:1
/// dark), labels of any length that wrap instead of widening the page. A spread
/// (`[data-spreads="on"]`) widens the column and puts the two pages side by side, a gutter
/// between them, each picture in its own page; `"transition": "scroll"` slides the pages in with
/// a transform (from the side they come from, mirrored right to left, or from below when
/// vertical) in 150 ms, and nothing moves under `prefers-reduced-motion: reduce`.
///
/// The colours are the host's to change: each `--walkthrough-*` custom property (`accent`,
/// `on-accent`, `surface`, `text`, `muted`, `line`, `backdrop`, `font`, `radius`), set on the
/// host page's root or on the client's `walkthrough-dialog` element, takes the place of the
/// default in both colour schemes. The client's host element itself takes none of the host
/// page's styles (`all: initial !important` on `:host`, which outranks the page's own
/// `!important`), and its dialog sits in the browser's top layer, above any `z-index`.
package enum WebPlayerStyle {
    /// The style sheet.
    package static let source = """
        :root, :host { color-scheme: light dark; --wt-accent: var(--walkthrough-accent, #d03a2b);
          --wt-on-accent: var(--walkthrough-on-accent, #ffffff);
          --wt-muted: var(--walkthrough-muted, #6b6b6b); --wt-line: var(--walkthrough-line, #d8d8d8);
          --wt-surface: var(--walkthrough-surface, #ffffff); --wt-text: var(--walkthrough-text, #1d1d1f); }
        @media (prefers-color-scheme: dark) {
          :root, :host { --wt-accent: var(--walkthrough-accent, #ff6a55);
            --wt-on-accent: var(--walkthrough-on-accent, #1c1c1e);
            --wt-muted: var(--walkthrough-muted, #a5a5a5); --wt-line: var(--walkthrough-line, #444444);
            --wt-surface: var(--walkthrough-surface, #1c1c1e); --wt-text: var(--walkthrough-text, #f2f2f7); }
        }
        :host { all: initial !important; color-scheme: light dark !important; display: block !important;
          position: absolute !important; width: 0 !important; height: 0 !important;
          overflow: visible !important; }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body, dialog { font: 1.0625rem/1.5 var(--walkthrough-font, system-ui, -apple-system, "Segoe UI",
            Roboto, "Noto Sans", "Noto Sans CJK TC", "Noto Sans CJK SC", "Noto Sans Arabic",
            "Noto Sans Hebrew", sans-serif);
          background: var(--wt-surface); color: var(--wt-text); }
        body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
        dialog { width: min(42.5rem, calc(100vw - 1rem)); max-width: none;
          max-height: calc(100vh - 1rem); max-height: calc(100dvh - 1rem); margin: auto; padding: 0;
          border: 1px solid var(--wt-line); border-radius: var(--walkthrough-radius, 1rem);
          box-shadow: 0 1.5rem 4rem rgb(0 0 0 / 0.35); overflow: auto; overscroll-behavior: contain; }
        dialog[open] { display: flex; flex-direction: column; }
        dialog[data-spreads="on"] { width: min(86.5rem, calc(100vw - 2rem)); }
        dialog::backdrop { background: rgb(0 0 0 / 0.55);
          background: var(--walkthrough-backdrop, rgb(0 0 0 / 0.55)); }
        #header, #main, #pager { width: 100%; max-width: 40rem; margin: 0 auto; padding: 0 1.25rem; }
        #header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
          gap: 0.5rem 1rem; padding-top: 1rem; }
        #title { margin: 0; font-weight: 600; color: var(--wt-muted); unicode-bidi: isolate;
          overflow-wrap: anywhere; min-width: 0; }
        #languages { display: flex; align-items: center; gap: 0.5rem; }
        #languages select { font: inherit; min-height: 2.75rem; padding: 0 0.5rem;
          border: 1px solid var(--wt-line); border-radius: 0.5rem; background: var(--wt-surface);
          color: var(--wt-text); }
        #main { flex: 1 1 auto; display: flex; flex-direction: column; justify-content: center;
          padding-top: 1.5rem; padding-bottom: 1.5rem; }
        figure { margin: 0 0 1.5rem; text-align: center; }
        figure img { width: min(100%, 26rem); height: auto; max-height: 45vh;
          object-fit: contain; border-radius: 0.75rem; }
        dialog figure img { max-height: 35vh; }
        #image-alt, #image-alt-2 { margin: 0; padding: 2.5rem 1rem; border: 2px dashed var(--wt-line);
          border-radius: 0.75rem; color: var(--wt-muted); overflow-wrap: anywhere; }
        #heading, #heading-2, #finished-heading { margin: 0 0 0.75rem; font-size: clamp(1.5rem, 5vw, 2.25rem);
          font-weight: 700; line-height: 1.2; text-align: center; overflow-wrap: anywhere;
          unicode-bidi: isolate; }
        h1:focus { outline: none; }
        h1:focus-visible { outline: 2px solid var(--wt-accent); outline-offset: 4px; }
        dialog h1:focus-visible { outline: none; }
        #content, #content-2 { margin: 0; text-align: center; white-space: pre-line; overflow-wrap: anywhere;
          unicode-bidi: isolate; }
        #finished { text-align: center; }
        #spread { display: flex; flex-direction: column; gap: 2.5rem;
          transition: transform 150ms ease-out; }
        [data-spreads="on"] #header, [data-spreads="on"] #main,
        [data-spreads="on"] #pager { max-width: 84rem; }
        [data-spreads="on"] #spread { flex-direction: row; align-items: flex-start; gap: 4rem; }
        [data-spreads="on"] #spread > article { flex: 0 0 calc(50% - 2rem); min-width: 0; }
        [data-transition="scroll"] #main { overflow: hidden; }
        #spread.from-after { transform: translateX(100%); transition: none; }
        #spread.from-before { transform: translateX(-100%); transition: none; }
        [dir="rtl"] #spread.from-after { transform: translateX(-100%); }
        [dir="rtl"] #spread.from-before { transform: translateX(100%); }
        [data-orientation="vertical"] #spread.from-after { transform: translateY(100%); }
        [data-orientation="vertical"] #spread.from-before { transform: translateY(-100%); }
        [data-transition="none"] #spread { transition: none; }
        @media (prefers-reduced-motion: reduce) {
          #spread, #spread.from-after, #spread.from-before { transition: none !important;
            transform: none !important; }
        }
        #pager { display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
          align-items: center; gap: 0.75rem; padding-bottom: 1.5rem; }
        #pager > * { min-width: 0; }
        #dots { grid-column: 1 / -1; display: flex; flex-wrap: wrap; justify-content: center;
          gap: 0; margin: 0; padding: 0; list-style: none; }
        .dot { width: 2.75rem; height: 2.75rem; padding: 0; border: 0; background: transparent;
          cursor: pointer; }
        .dot::before { content: ""; display: block; width: 0.625rem; height: 0.625rem;
          margin: auto; border-radius: 50%; background: var(--wt-line); }
        .dot[aria-current="step"]::before { background: var(--wt-accent); }
        .dot:disabled { cursor: default; opacity: 0.45; }
        #position { margin: 0; color: var(--wt-muted); font-variant-numeric: tabular-nums;
          text-align: center; }
        .buttons-start { justify-self: start; display: flex; flex-wrap: wrap; gap: 0.5rem;
          max-width: 100%; }
        .buttons-end { justify-self: end; max-width: 100%; }
        button.action { font: inherit; min-height: 2.75rem; min-width: 2.75rem; max-width: 100%;
          padding: 0.25rem 1rem; border: 1px solid var(--wt-line); border-radius: 0.5rem;
          background: var(--wt-surface); color: var(--wt-text); cursor: pointer;
          overflow-wrap: anywhere; white-space: normal; unicode-bidi: isolate; }
        button.action:disabled { opacity: 0.4; cursor: default; }
        #next, #restart { background: var(--wt-accent); border-color: var(--wt-accent);
          color: var(--wt-on-accent); font-weight: 600; }
        button:focus-visible, select:focus-visible { outline: 2px solid var(--wt-accent);
          outline-offset: 2px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
          overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        @media (max-width: 30rem) {
          #pager { grid-template-columns: 1fr 1fr; }
          #position { grid-column: 1 / -1; grid-row: 2; }
          .buttons-start, .buttons-end { grid-row: 3; }
        }

        """
}
