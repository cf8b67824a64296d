public import WalkthroughKit

/// The finer choices of ``Onboarding/presentIfNeeded(_:user:store:policy:options:)``:
/// which descriptors to use, which signals to handle, which environment to read.
///
/// The defaults suit a command-line tool: standard input, output and error, every termination
/// signal handled (so that Ctrl-C restores the terminal and comes back as a result), and the
/// process's environment. A tool that owns SIGINT passes ``SignalHandling/resizeOnly``; tests
/// pass pipes or a pseudo-terminal and an environment of their own.
///
/// ```swift
/// var options = OnboardingOptions()
/// options.signals = .resizeOnly      // this tool handles SIGINT, SIGTERM and SIGHUP itself
/// _ = Onboarding.presentIfNeeded("foodpin", options: options)
/// ```
public struct OnboardingOptions: Sendable, Hashable {
    /// Where keys (on a terminal) or commands (in plain mode) are read from. Default: 0.
    public var input: Int32
    /// Where the pages go. Default: 1.
    public var output: Int32
    /// Where plain mode explains a refused or unknown command, one line each. Default: 2.
    public var errorOutput: Int32
    /// Which signals the player handles while it plays; see ``SignalHandling``. Default:
    /// ``SignalHandling/all``. With ``SignalHandling/resizeOnly`` or ``SignalHandling/none``
    /// the host's own handlers for SIGINT, SIGTERM and SIGHUP stay in place (on a terminal,
    /// Ctrl-C is a key in raw mode and still ends playing as
    /// ``OnboardingResult/interrupted(_:)``).
    public var signals: SignalHandling
    /// The environment: `TERM` and `NO_COLOR` for the terminal, `WALKTHROUGH_PATH` for
    /// `DefinitionSource.named(_:)`, `WALKTHROUGH_DB`, `XDG_STATE_HOME` and `HOME` for the
    /// default store, `LOGNAME` and `USER` for the default user, `XDG_CACHE_HOME` and `HOME`
    /// for the gate's memo, the quiet switch and the rules' `env`. Default: the process's, read
    /// a variable at a time as the gate needs them.
    public var environment: [String: String] {
        get { variables.dictionary }
        set { givenEnvironment = newValue }
    }
    /// Start on the first page even when an unfinished run of the same version is stored.
    /// Default: `false` (resume where the user left off).
    public var restart: Bool
    /// Show the walkthrough even when the user has already seen it (a "show it again" menu
    /// item, like `walkthrough play --force`). Default: `false`. The replay never downgrades
    /// a `completed` or `skipped` record.
    public var force: Bool
    /// Whether the session records its events (for `walkthrough stats`) in a store that keeps
    /// them. Default: as `WALKTHROUGH_EVENTS` in ``environment`` says (on unless `off`).
    public var recordsEvents: Bool {
        get { chosenRecordsEvents ?? EventRecording.isEnabled(environment: variables) }
        set { chosenRecordsEvents = newValue }
    }
    /// The language to show the walkthrough and the player's own words in: a tool with its own
    /// language setting passes it here. Default: `nil`, the one ``environment`` names
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`; none for `C`). Each text falls back by
    /// `LocaleMatcher`'s rules, finally to the definition's `defaultLocale`. The seen state
    /// is the same in every language.
    public var locale: LanguageTag?
    /// The time the rules (`when.from`, `until`, `minInterval`) are read against. Default:
    /// `nil`, the system clock; tests set it.
    public var now: Timestamp?

    /// The environment the tool gave; `nil` for the process's.
    private(set) var givenEnvironment: [String: String]?
    /// ``recordsEvents`` as the tool chose it; `nil` for what the environment says.
    private var chosenRecordsEvents: Bool?

    /// Creates options; every default suits a command-line tool.
    public init(
        input: Int32 = 0, output: Int32 = 1, errorOutput: Int32 = 2,
        signals: SignalHandling = .all,
        environment: [String: String]? = nil,
        restart: Bool = false, recordsEvents: Bool? = nil, locale: LanguageTag? = nil,
        force: Bool = false
    ) {
        self.force = force
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
        self.signals = signals
        self.givenEnvironment = environment
        self.chosenRecordsEvents = recordsEvents
        self.restart = restart
        self.locale = locale
    }

    /// The environment as the one value the gate reads: the tool's, else the process's.
    var variables: Environment { Environment(givenEnvironment) }

    /// ``locale``, else the environment's.
    var shownLocale: LanguageTag? {
        locale ?? LanguageTag.preferred(environment: environment)
    }

    /// Whether ``input`` and ``output`` are terminals and `TERM` allows full-screen play.
    var isInteractive: Bool {
        TerminalDetection.isInteractive(input: input, output: output, term: variables["TERM"])
    }

    /// Whether `ACCESSIBLE` asks for the plain player (``TerminalDetection/accessible(_:)``).
    var isAccessible: Bool {
        TerminalDetection.accessible(variables["ACCESSIBLE"])
    }

    /// Whether to use colour: unless `NO_COLOR` is set to a non-empty value.
    var colour: Bool {
        TerminalDetection.colourEnabled(noColor: variables["NO_COLOR"])
    }

    /// Whether two sets of options are the same, the environment compared by its contents
    /// (the process's when none was given).
    public static func == (left: OnboardingOptions, right: OnboardingOptions) -> Bool {
        left.input == right.input && left.output == right.output
            && left.errorOutput == right.errorOutput && left.signals == right.signals
            && left.environment == right.environment && left.restart == right.restart
            && left.force == right.force && left.recordsEvents == right.recordsEvents
            && left.locale == right.locale && left.now == right.now
    }

    /// Hashes what `==` compares: every option, the environment by its contents.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(input)
        hasher.combine(output)
        hasher.combine(errorOutput)
        hasher.combine(signals)
        hasher.combine(environment)
        hasher.combine(restart)
        hasher.combine(force)
        hasher.combine(recordsEvents)
        hasher.combine(locale)
        hasher.combine(now)
    }
}
