/// The exported page's style sheet, the same for every walkthrough (its hash is in the page's
/// Content-Security-Policy): a centred column that fills a phone's width, large touch targets,
/// the system's fonts, light and dark colours with WCAG AA contrast (`--on-accent` on `--accent`
/// is 4.9:1 light, 6.0:1 dark), labels of any length that wrap instead of widening the page.
/// A spread (`html[data-spreads="on"]`) widens the column and puts the two pages side by side,
/// a gutter between them, each picture in its own page; `"transition": "scroll"` slides the pages
/// in with a transform (from the side, or from below when vertical) in 150 ms, and nothing moves
/// under `prefers-reduced-motion: reduce`.
enum HTMLPageStyle {
    static let source = """
        :root { color-scheme: light dark; --accent: #d03a2b; --on-accent: #ffffff;
          --muted: #6b6b6b; --line: #d8d8d8; --surface: #ffffff; --text: #1d1d1f; }
        @media (prefers-color-scheme: dark) {
          :root { --accent: #ff6a55; --on-accent: #1c1c1e; --muted: #a5a5a5; --line: #444444;
            --surface: #1c1c1e; --text: #f2f2f7; }
        }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; min-height: 100vh; display: flex; flex-direction: column;
          font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
            "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif;
          background: var(--surface); color: var(--text); }
        header, main, #pager { width: 100%; max-width: 40rem; margin: 0 auto; padding: 0 1.25rem; }
        header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
          gap: 0.5rem 1rem; padding-top: 1rem; }
        #title { margin: 0; font-weight: 600; color: var(--muted); unicode-bidi: isolate;
          overflow-wrap: anywhere; min-width: 0; }
        #languages { display: flex; align-items: center; gap: 0.5rem; }
        #languages select { font: inherit; min-height: 2.75rem; padding: 0 0.5rem;
          border: 1px solid var(--line); border-radius: 0.5rem; background: var(--surface);
          color: var(--text); }
        main { flex: 1; display: flex; flex-direction: column; justify-content: center;
          padding-top: 1.5rem; padding-bottom: 1.5rem; }
        figure { margin: 0 0 1.5rem; text-align: center; }
        figure img { width: min(100%, 26rem); height: auto; max-height: 45vh;
          object-fit: contain; border-radius: 0.75rem; }
        #image-alt, #image-alt-2 { margin: 0; padding: 2.5rem 1rem; border: 2px dashed var(--line);
          border-radius: 0.75rem; color: var(--muted); overflow-wrap: anywhere; }
        h1, #heading-2 { margin: 0 0 0.75rem; font-size: clamp(1.5rem, 5vw, 2.25rem); line-height: 1.2;
          text-align: center; overflow-wrap: anywhere; unicode-bidi: isolate; }
        h1:focus { outline: none; }
        h1:focus-visible { outline: 2px solid var(--accent); outline-offset: 4px; }
        #content, #content-2 { margin: 0; text-align: center; white-space: pre-line; overflow-wrap: anywhere;
          unicode-bidi: isolate; }
        #finished { text-align: center; }
        #spread { display: flex; flex-direction: column; gap: 2.5rem;
          transition: transform 150ms ease-out; }
        html[data-spreads="on"] header, html[data-spreads="on"] main,
        html[data-spreads="on"] #pager { max-width: 84rem; }
        html[data-spreads="on"] #spread { flex-direction: row; align-items: flex-start; gap: 4rem; }
        html[data-spreads="on"] #spread > article { flex: 0 0 calc(50% - 2rem); min-width: 0; }
        body[data-transition="scroll"] main { overflow: hidden; }
        #spread.from-after { transform: translateX(100%); transition: none; }
        #spread.from-before { transform: translateX(-100%); transition: none; }
        body[data-orientation="vertical"] #spread.from-after { transform: translateY(100%); }
        body[data-orientation="vertical"] #spread.from-before { transform: translateY(-100%); }
        body:not([data-transition="scroll"]) #spread { transition: none; }
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
          margin: auto; border-radius: 50%; background: var(--line); }
        .dot[aria-current="step"]::before { background: var(--accent); }
        .dot:disabled { cursor: default; opacity: 0.45; }
        #position { margin: 0; color: var(--muted); font-variant-numeric: tabular-nums;
          text-align: center; }
        .buttons-start { justify-self: start; display: flex; flex-wrap: wrap; gap: 0.5rem;
          max-width: 100%; }
        .buttons-end { justify-self: end; max-width: 100%; }
        button.action { font: inherit; min-height: 2.75rem; min-width: 2.75rem; max-width: 100%;
          padding: 0.25rem 1rem; border: 1px solid var(--line); border-radius: 0.5rem;
          background: var(--surface); color: var(--text); cursor: pointer;
          overflow-wrap: anywhere; white-space: normal; unicode-bidi: isolate; }
        button.action:disabled { opacity: 0.4; cursor: default; }
        #next, #restart { background: var(--accent); border-color: var(--accent);
          color: var(--on-accent); font-weight: 600; }
        button:focus-visible, select:focus-visible { outline: 2px solid var(--accent);
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
