package import Foundation

/// One tab of a ``HeadlessChromium``: navigate, run script, press keys, click, take
/// screenshots, and see every network request it made.
package final class BrowserPage {
    private let devTools: DevToolsPipe
    /// The protocol session of the tab.
    package let session: String

    init(devTools: DevToolsPipe, session: String) {
        self.devTools = devTools
        self.session = session
    }

    /// Sends `method` to the tab.
    @discardableResult
    package func call(
        _ method: String, _ params: [String: Any] = [:], timeout: Double = 30
    ) throws -> [String: Any] {
        try devTools.call(method, params, session: session, timeout: timeout)
    }

    /// Sets the viewport to `width` × `height` CSS pixels at scale 1, emulating a phone's
    /// touch screen and viewport handling when `mobile`.
    package func resize(width: Int, height: Int, mobile: Bool = false) throws {
        try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
    }

    /// Runs `script` before any of the page's own, in every document the tab loads (a probe:
    /// the DevTools protocol's scripts are not subject to the page's Content-Security-Policy).
    package func addInitScript(_ script: String) throws {
        try call("Page.addScriptToEvaluateOnNewDocument", ["source": script])
    }

    /// Loads `url` and waits (at most 30 s) for its `load` event.
    package func navigate(to url: String) throws {
        let already = devTools.events.count
        let result = try call("Page.navigate", ["url": url])
        if let error = result["errorText"] as? String {
            throw TestSupportError("cannot load \(url): \(error)")
        }
        // Only a load after this navigation counts.
        try devTools.waitForEvent("Page.loadEventFired", session: session, after: already)
    }

    /// The value of the JavaScript expression `expression` (JSON-like values only).
    ///
    /// - Throws: ``TestSupportError`` when the expression throws.
    package func evaluate(_ expression: String) throws -> Any? {
        let result = try call(
            "Runtime.evaluate",
            ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] {
            throw TestSupportError("\(expression) threw: \(exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// The string `expression` gives, or `nil`.
    package func string(_ expression: String) throws -> String? {
        try evaluate(expression) as? String
    }

    /// Polls `expression` until it is `true`, at most `timeout` seconds.
    package func waitFor(_ expression: String, timeout: Double = 20) throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if try evaluate("Boolean(\(expression))") as? Bool == true { return true }
            if ContinuousClock.now >= deadline { return false }
            devTools.drain(for: 0.02)
        }
    }

    /// Presses and releases a key, as a keyboard would: `ArrowRight`, `ArrowLeft`, `Enter`,
    /// `Tab`, `PageDown`, `Home`, a letter or digit; with Shift held when `shift`.
    package func press(_ key: String, shift: Bool = false) throws {
        let codes = [
            "ArrowLeft": 37, "ArrowRight": 39, "ArrowUp": 38, "ArrowDown": 40,
            "Enter": 13, "Tab": 9, "Escape": 27, " ": 32, "PageUp": 33, "PageDown": 34,
            "End": 35, "Home": 36,
        ]
        var event: [String: Any] = ["key": key, "code": key == " " ? "Space" : key]
        if let code = codes[key] {
            event["windowsVirtualKeyCode"] = code
            event["nativeVirtualKeyCode"] = code
        } else if key.count == 1, let scalar = key.uppercased().unicodeScalars.first,
            scalar.isASCII
        {
            // A letter or digit: its virtual key code is its upper-case ASCII code.
            event["windowsVirtualKeyCode"] = Int(scalar.value)
            event["nativeVirtualKeyCode"] = Int(scalar.value)
            event["code"] = key.first!.isNumber ? "Digit" + key : "Key" + key.uppercased()
            event["text"] = key
        }
        if shift { event["modifiers"] = 8 }
        if key == "Enter" { event["text"] = "\r" }
        if key == " " { event["text"] = " " }
        try call("Input.dispatchKeyEvent", event.merging(["type": "keyDown"]) { $1 })
        try call("Input.dispatchKeyEvent", event.merging(["type": "keyUp"]) { $1 })
    }

    /// Clicks the middle of the element `selector` finds, with the mouse, as a user would.
    ///
    /// - Throws: ``TestSupportError`` when there is no such element or it has no size (hidden).
    package func click(_ selector: String) throws {
        let quoted = String(
            decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        try click(element: "document.querySelector(\(quoted)[0])")
    }

    /// Clicks the middle of the element the JavaScript expression `element` gives (one inside
    /// a shadow root too), with the mouse, as a user would.
    ///
    /// - Throws: ``TestSupportError`` when there is no such element or it has no size (hidden).
    package func click(element: String) throws {
        let box =
            try evaluate(
                """
                (() => { const e = \(element); if (!e) return null;
                  e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
                  return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()
                """) as? [Double]
        guard let box, box[2] > 0, box[3] > 0 else {
            throw TestSupportError("nothing visible to click at \(element)")
        }
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            var event: [String: Any] = ["type": type, "x": box[0], "y": box[1]]
            if type != "mouseMoved" {
                event["button"] = "left"
                event["clickCount"] = 1
            }
            try call("Input.dispatchMouseEvent", event)
        }
    }

    /// A PNG of the viewport.
    package func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"], timeout: 60)
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64)
        else { throw TestSupportError("Page.captureScreenshot gave no image") }
        return data
    }

    /// The URL of every request the tab has started so far (`Network.requestWillBeSent`), in
    /// order.
    package var requests: [String] {
        devTools.drain(for: 0.05)
        return devTools.events.compactMap { event in
            guard event["method"] as? String == "Network.requestWillBeSent",
                event["sessionId"] as? String == session,
                let request = (event["params"] as? [String: Any])?["request"] as? [String: Any]
            else { return nil }
            return request["url"] as? String
        }
    }

    /// Why the browser stopped each request it refused to send, by URL
    /// (`Network.loadingFailed`'s `blockedReason`: `csp` for the Content-Security-Policy).
    package var blockedRequests: [String: String] {
        devTools.drain(for: 0.05)
        var urls: [String: String] = [:]
        var blocked: [String: String] = [:]
        for event in devTools.events where event["sessionId"] as? String == session {
            guard let params = event["params"] as? [String: Any],
                let id = params["requestId"] as? String
            else { continue }
            switch event["method"] as? String {
            case "Network.requestWillBeSent":
                urls[id] = (params["request"] as? [String: Any])?["url"] as? String
            case "Network.loadingFailed":
                if let reason = params["blockedReason"] as? String, let url = urls[id] {
                    blocked[url] = reason
                }
            default:
                break
            }
        }
        return blocked
    }

    /// The text of every console message and log entry the tab has shown so far.
    package var consoleMessages: [String] {
        devTools.drain(for: 0.05)
        return devTools.events.compactMap { event in
            guard event["sessionId"] as? String == session,
                let params = event["params"] as? [String: Any]
            else { return nil }
            switch event["method"] as? String {
            case "Log.entryAdded":
                return (params["entry"] as? [String: Any])?["text"] as? String
            case "Runtime.consoleAPICalled":
                let arguments = params["args"] as? [[String: Any]] ?? []
                return arguments.map { "\($0["value"] ?? $0["description"] ?? "")" }
                    .joined(separator: " ")
            default:
                return nil
            }
        }
    }
}
