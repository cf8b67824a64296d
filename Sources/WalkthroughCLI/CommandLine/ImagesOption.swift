import WalkthroughTerminal

/// `play --images auto|kitty|sixel|iterm|symbols|none`, else `WALKTHROUGH_IMAGES`, else `auto`:
/// how the player draws the pages' images.
struct ImagesOption: Sendable, Hashable {
    /// `--images <mode>`.
    static let spec = OptionSpec.option(
        "images", value: "mode",
        help: "How to draw images: auto, kitty, sixel, iterm, symbols or none (default: "
            + "WALKTHROUGH_IMAGES, else auto).")

    /// `--images`, if given.
    var value: String?

    /// Reads the option back from parsed arguments.
    init(parsed: ParsedArguments) {
        value = parsed.value("images")
    }

    /// The mode to use.
    ///
    /// - Throws: A usage error (exit 64) for a mode that is not one of the six, from the option
    ///   or from `WALKTHROUGH_IMAGES`.
    func mode(
        environment: [String: String], command: String
    ) throws(CommandLineError) -> ImageMode {
        let names = ImageMode.allCases.map(\.rawValue).joined(separator: ", ")
        if let value {
            guard let mode = ImageMode(rawValue: value) else {
                throw .usage(
                    "Invalid value for '\(Self.spec.display)': '\(value)'; use one of \(names)",
                    command: command)
            }
            return mode
        }
        guard let variable = environment["WALKTHROUGH_IMAGES"], !variable.isEmpty else {
            return .auto
        }
        guard let mode = ImageMode(rawValue: variable) else {
            throw .usage(
                "Invalid WALKTHROUGH_IMAGES '\(variable)'; use one of \(names), or unset it",
                command: command)
        }
        return mode
    }
}
