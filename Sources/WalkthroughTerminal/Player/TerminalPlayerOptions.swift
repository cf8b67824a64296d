/// How `TerminalPlayer` uses the terminal.
package struct TerminalPlayerOptions: Sendable, Hashable {
    /// The terminal's input descriptor (keys), standard input by default.
    public var input: Int32
    /// The terminal's output descriptor (the screen), standard output by default.
    public var output: Int32
    /// Which signals the player handles; see ``SignalHandling``.
    public var signals: SignalHandling
    /// Whether to use colour and bold; by default on unless `NO_COLOR` is set.
    public var colour: Bool
    /// How long a lone ESC byte waits for the rest of a sequence before it counts as the Escape
    /// key, in milliseconds.
    public var escapeTimeoutMilliseconds: Int
    /// How to draw the pages' images; `ImageMode.auto` decides from the terminal.
    public var images: ImageMode
    /// Whether to leave motion out: a `scroll` transition then draws the new page at once; by
    /// default on when `WALKTHROUGH_REDUCED_MOTION` asks for it
    /// (`TerminalDetection.reducedMotion(_:)`).
    public var reducedMotion: Bool

    /// Creates options.
    public init(
        input: Int32 = 0, output: Int32 = 1, signals: SignalHandling = .all,
        colour: Bool = TerminalDetection.colourEnabled(), escapeTimeoutMilliseconds: Int = 50,
        images: ImageMode = .auto, reducedMotion: Bool = TerminalDetection.reducedMotion()
    ) {
        self.reducedMotion = reducedMotion
        self.input = input
        self.output = output
        self.signals = signals
        self.colour = colour
        self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
        self.images = images
    }
}
