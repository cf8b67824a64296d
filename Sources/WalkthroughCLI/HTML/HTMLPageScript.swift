import WalkthroughWeb

/// The exported page's one script, the same for every walkthrough: the web player
/// (``WebPlayerScript``, the renderer the web client holds too) and the page's own glue, which
/// reads the walkthrough from the page's `<script type="application/json">`, plays it in the
/// page's elements, and says when it is finished with a `walkthroughfinished` event.
///
/// The script holds nothing that varies, so its hash, which the page's
/// Content-Security-Policy allows it by, is computed from this text at export time.
enum HTMLPageScript {
    static let source =
        "(function () {\n\"use strict\";\n" + WebPlayerScript.source + glue + "})();\n"

    /// What only the page does: its data, its document, its finished view and event.
    private static let glue = #"""
        var data = JSON.parse(document.getElementById("walkthrough-data").textContent);
        walkthroughPlayer(document, data, {
          frame: document.documentElement, keys: document, setsTitle: true, finishedView: true,
          onFinish: function (outcome) {
            document.dispatchEvent(new CustomEvent("walkthroughfinished", {
              detail: { walkthrough: data.id, outcome: outcome }
            }));
          }
        });
        document.documentElement.setAttribute("data-ready", "true");

        """#
}
