import Foundation
import Testing
import WalkthroughTestSupport

/// The tools no one here wrote that the translators' tests check the files against: GNU
/// gettext's `msgfmt`, libxml2's `xmllint` with OASIS's XLIFF 2 core schema, translate-toolkit's
/// `po2xliff` and `xliff2po` (Debian's packages, which `.ci/run` installs), and Python's `polib`
/// (PyPI, installed into `.build/test-python` when missing).
enum TranslatorTools {
    /// The OASIS XLIFF 2 core schema kept beside the tests.
    static let xliffSchema =
        repositoryRoot() + "/Tests/WalkthroughCLITests/Translators/XLIFFSchema/xliff_core_2.0.xsd"

    /// The path of `name` on the machine; throws naming the Debian package when it is missing.
    static func require(_ name: String, package: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw TestSupportError(
            "\(name) is missing: the translators' tests check files with it; "
                + "apt-get install \(package) (.ci/run installs it)")
    }

    /// Runs a tool and returns its result; throws with its error output when it fails.
    @discardableResult
    static func run(_ arguments: [String], directory: String? = nil) throws -> ProgramResult {
        let result = try ChildProcess.run(arguments, directory: directory, timeout: 120)
        guard result.status == 0 else {
            throw TestSupportError(
                "\(arguments.joined(separator: " ")) exited with \(result.status): "
                    + result.standardError + result.standardOutput)
        }
        return result
    }

    /// `msgfmt --check` on a PO file: its syntax, header and format strings, as GNU gettext
    /// checks them. Returns what it printed (warnings included).
    @discardableResult
    static func msgfmtCheck(_ path: String) throws -> String {
        let msgfmt = try require("msgfmt", package: "gettext")
        let result = try run([msgfmt, "--check", "--statistics", "-o", "/dev/null", path])
        return result.standardError
    }

    /// `xmllint --schema` with OASIS's XLIFF 2 core schema on an XLIFF file.
    static func xmllintValidate(_ path: String) throws {
        let xmllint = try require("xmllint", package: "libxml2-utils")
        try run([xmllint, "--noout", "--nonet", "--schema", xliffSchema, path])
    }

    /// translate-toolkit 3.20.4 from PyPI, whose `translate.storage.xliff2` reads and writes
    /// XLIFF 2 (Debian's 3.8.4 reads XLIFF 1 only).
    static func translateToolkit() throws -> PythonReference {
        try PythonReference.find(
            requirement: "translate-toolkit==3.20.4",
            check: "from translate.storage import xliff2",
            purpose: "the translators' XLIFF 2 tests")
    }

    /// Python's polib, 1.2.0 from PyPI when the machine has none.
    static func polib() throws -> PythonReference {
        try PythonReference.find(
            requirement: "polib==1.2.0", check: "import polib",
            purpose: "the translators' PO round-trip tests")
    }
}
