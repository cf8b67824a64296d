import FoundationEssentials

/// axe-core, the accessibility checker the page's tests run in the browser: its `axe.min.js` as
/// PyPI ships it inside `axe-playwright-python` (axe-core 4.12), found where Python has the
/// package, else installed without its dependencies into `.build/test-python`
/// (``PythonReference``).
package enum AxeCore {
    /// The package `.build/test-python` gets when the machine has none.
    package static let requirement = "axe-playwright-python==0.1.8"

    /// The source of `axe.min.js`.
    ///
    /// - Throws: ``TestSupportError`` when it cannot be found or installed.
    package static func source() throws -> String {
        let locate = """
            import importlib.util, os, sys
            spec = importlib.util.find_spec("axe_playwright_python")
            path = os.path.join(spec.submodule_search_locations[0], "axe.min.js") if spec else ""
            if not os.path.exists(path): sys.exit(1)
            print(path)
            """
        let python = try PythonReference.find(
            requirement: requirement, check: locate, purpose: "the page's accessibility tests",
            pipOptions: ["--no-deps"])
        let output = try python.run(["-c", locate]).standardOutput
        let path = String(output.split(separator: "\n").first ?? "")
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
