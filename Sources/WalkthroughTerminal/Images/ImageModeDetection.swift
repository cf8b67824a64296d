/// Decides how to draw images, as a pure function of the environment and of the terminal's
/// answer to the device-attributes query.
///
/// `auto`, in order: inside tmux (`TMUX` set) symbols, since tmux passes no graphics protocol
/// through (and `KITTY_WINDOW_ID` or `TERM_PROGRAM` may be left over from the terminal tmux
/// runs in); kitty when `TERM=xterm-kitty` or `KITTY_WINDOW_ID` is set; iterm when
/// `TERM_PROGRAM` is `iTerm.app` or `WezTerm`; sixel, in a build with the `Chafa` trait, when
/// the device-attributes answer (`ESC [ c`) lists 4; otherwise symbols. Symbols use 24-bit
/// colour when `COLORTERM` is `truecolor` or `24bit`, else the 256-colour palette, and no
/// colour at all with `NO_COLOR`. `TERM=dumb`, an unset `TERM` and plain mode draw no image.
/// An explicit mode is used as given, except `sixel` without the `Chafa` trait (symbols).
package enum ImageModeDetection {
    /// The variables the decision reads, from the process environment.
    package static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["TERM", "TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "COLORTERM", "NO_COLOR"] {
            values[name] = TerminalDetection.environment(name)
        }
        return values
    }

    /// Whether the `Chafa` trait is compiled in (sixel can be drawn).
    package static var sixelAvailable: Bool {
        #if CHAFA
        return true
        #else
        return false
        #endif
    }

    /// Whether deciding `requested` needs the device-attributes answer: only `auto`, with sixel
    /// available, when no variable has already decided it.
    package static func needsDeviceAttributes(
        _ requested: ImageMode, environment: [String: String], sixelAvailable: Bool
    ) -> Bool {
        guard PictureBuild.drawsImages, requested == .auto, sixelAvailable else { return false }
        return byEnvironment(environment) == nil
    }

    /// The mode to draw with.
    ///
    /// - Parameters:
    ///   - requested: `--images` or `WALKTHROUGH_IMAGES`.
    ///   - environment: The process environment (`TERM`, `TMUX`, `KITTY_WINDOW_ID`,
    ///     `TERM_PROGRAM`, `COLORTERM`, `NO_COLOR`).
    ///   - deviceAttributes: The parameters of the terminal's primary device-attributes answer
    ///     (`ESC [ ? 62 ; 4 ; 22 c` → `[62, 4, 22]`), or `nil` when it did not answer in time
    ///     or was not asked.
    ///   - sixelAvailable: Whether this build can draw sixel (the `Chafa` trait).
    ///   - plain: Whether the plain player is playing.
    package static func decide(
        _ requested: ImageMode, environment: [String: String], deviceAttributes: [Int]?,
        sixelAvailable: Bool = ImageModeDetection.sixelAvailable, plain: Bool = false
    ) -> ResolvedImageMode {
        let term = environment["TERM"] ?? ""
        if plain || term.isEmpty || term == "dumb" { return .none }
        let symbols = ResolvedImageMode.symbols(colours(environment))
        switch requested {
        case .none: return .none
        case .symbols: return symbols
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .sixel: return sixelAvailable ? .sixel : symbols
        case .auto:
            switch byEnvironment(environment) {
            case .symbols: return symbols
            case .kitty: return .kitty
            case .iterm: return .iterm
            case nil: break
            }
            if sixelAvailable, let deviceAttributes, deviceAttributes.dropFirst().contains(4) {
                return .sixel
            }
            return symbols
        }
    }

    /// The symbol art colours the environment allows.
    package static func colours(_ environment: [String: String]) -> SymbolColours {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let colourTerm = environment["COLORTERM"]?.lowercased()
        return colourTerm == "truecolor" || colourTerm == "24bit" ? .trueColour : .palette256
    }

    /// What the variables decide on their own, or `nil` when only the terminal's answer can
    /// tell.
    private static func byEnvironment(_ environment: [String: String]) -> EnvironmentChoice? {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return .symbols }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil {
            return .kitty
        }
        if let program = environment["TERM_PROGRAM"],
            program == "iTerm.app" || program == "WezTerm"
        {
            return .iterm
        }
        return nil
    }

    private enum EnvironmentChoice {
        case symbols
        case kitty
        case iterm
    }
}
