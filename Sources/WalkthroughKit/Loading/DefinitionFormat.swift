/// The limits and vocabulary of the definition format, in one place.
///
/// `walkthroughs/schema.json` states the same rules for editors; a test keeps the two in step.
package enum DefinitionFormat {
    /// The largest definition file accepted, in bytes: 16 MiB. Larger files are refused before
    /// they are read.
    public static let maximumFileSize = 16 * 1024 * 1024
    /// The highest `version`: 2,147,483,647, the largest 32-bit integer, which every JSON Schema
    /// validator and every store can hold exactly. A version is bumped one at a time; a larger
    /// number is a typing mistake.
    public static let maximumVersion = 2_147_483_647
    /// The most pages a walkthrough may have.
    public static let maximumPages = 10_000
    /// The deepest nesting of JSON objects and arrays accepted.
    public static let maximumDepth = JSONReader.maximumDepth
    /// The longest id, in characters.
    public static let maximumIDLength = 64
    /// The longest `title`, `finishLabel`, page `heading`, `imageAlt` and `image` path, in
    /// characters (Unicode code points, as JSON Schema's `maxLength` counts them). A label is a
    /// line or two on a screen; the limit stops a definition from making a player lay out
    /// megabytes of heading.
    public static let maximumLabelLength = 1_000
    /// The longest page `content`, in characters (Unicode code points): a long article fits; a
    /// definition that needs more should split the text over several pages.
    public static let maximumContentLength = 100_000
    /// The longest image path, in characters (Unicode code points); 1,000 code points are at
    /// most 4,000 bytes, within Linux's 4,096-byte `PATH_MAX`.
    public static let maximumPathLength = maximumLabelLength
    /// The id rule as a regular expression, for documentation and the schema; ``isValidID(_:)``
    /// checks it without a regular expression engine.
    public static let idPattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
    /// The id rule as the messages that refuse an id (or a goal's or an event's name) say it.
    package static let idRule =
        "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
    /// The keys a definition's top-level object may have.
    /// `$schema` lets a definition name its JSON Schema for editors (`"$schema": "schema.json"`).
    public static let rootKeys = [
        "$schema", "id", "version", "title", "navigation", "skippable", "finishLabel",
        "defaultLocale", "when", "experiment", "layout", "pages", "translations", "priority",
        "snooze",
    ]
    /// The keys of `layout`.
    public static let layoutKeys = ["spread", "orientation", "transition"]
    /// The values each key of `layout` takes, its default first.
    public static let layoutChoices: [String: [String]] = [
        "spread": Walkthrough.PageLayout.Spread.allCases.map(\.rawValue),
        "orientation": Walkthrough.PageLayout.Orientation.allCases.map(\.rawValue),
        "transition": Walkthrough.PageLayout.TransitionStyle.allCases.map(\.rawValue),
    ]
    /// The keys of `experiment`.
    public static let experimentKeys = ["id", "variants", "holdout", "goals"]
    /// The keys of a variant of `experiment.variants`.
    public static let variantKeys = ["id", "weight", "pages"]
    /// The highest weight of a variant.
    public static let maximumWeight = 10_000
    /// The most variants an experiment may have.
    public static let maximumVariants = 100
    /// The keys of a walkthrough's `when`.
    public static let ruleKeys = [
        "after", "env", "from", "until", "maxShows", "minInterval", "events",
    ]
    /// The keys of one entry of `when.events`.
    public static let eventRuleKeys = ["min", "max", "within"]
    /// The highest `min` or `max` of `when.events`: the donations kept of one user and name.
    public static let maximumEventCount = 1_000
    /// The most names `when.events` may list.
    public static let maximumEventRules = 64
    /// The keys of a page's `when`.
    public static let pageRuleKeys = ["env"]
    /// The highest `maxShows`.
    public static let maximumShows = 1_000_000
    /// The highest `priority`; the lowest is its negative.
    package static let maximumPriority = 1_000_000
    /// The fields that may be given as an object of BCP 47 tags to strings instead of a string.
    public static let localizedRootKeys = ["title", "finishLabel"]
    /// The page fields that may be given as an object of BCP 47 tags to strings.
    public static let localizedPageKeys = ["heading", "content", "imageAlt", "image"]
    /// A well-formed BCP 47 language tag as a regular expression, for the schema;
    /// ``LanguageTag/init(_:)`` checks the same without a regular expression engine.
    public static let languageTagPattern =
        #"^(?:(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[A-WY-Za-wy-z0-9](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?|[Xx](?:-[A-Za-z0-9]{1,8})+|[Ee][Nn]-[Gg][Bb]-[Oo][Ee][Dd]|[Ii]-(?:[Aa][Mm][Ii]|[Bb][Nn][Nn]|[Dd][Ee][Ff][Aa][Uu][Ll][Tt]|[Ee][Nn][Oo][Cc][Hh][Ii][Aa][Nn]|[Hh][Aa][Kk]|[Kk][Ll][Ii][Nn][Gg][Oo][Nn]|[Ll][Uu][Xx]|[Mm][Ii][Nn][Gg][Oo]|[Nn][Aa][Vv][Aa][Jj][Oo]|[Pp][Ww][Nn]|[Tt][Aa][Oo]|[Tt][Aa][Yy]|[Tt][Ss][Uu])|[Ss][Gg][Nn]-(?:[Bb][Ee]-[Ff][Rr]|[Bb][Ee]-[Nn][Ll]|[Cc][Hh]-[Dd][Ee]))$"#
    /// The default of `defaultLocale`.
    public static let defaultLocale = "en"
    /// The keys a page object may have.
    public static let pageKeys = [
        "id", "heading", "content", "image", "imageAlt", "since", "when",
    ]
    /// Whether a `$schema` value names a JSON Schema meta-schema. In a document without `pages`,
    /// that makes it a schema (such as `walkthroughs/schema.json`) rather than a definition; a
    /// definition (it has `pages`) is always validated, whatever its `$schema` says.
    public static func isMetaSchema(_ uri: String) -> Bool {
        uri.hasPrefix("https://json-schema.org/") || uri.hasPrefix("http://json-schema.org/")
    }

    /// The JSON Schema pattern of `when.from` and `when.until`: the dates and date-times the
    /// loader reads (``RFC3339``), with the calendar's rules a pattern can say (months 01–12,
    /// each month's days, 29 February only in leap years, hours to 23, a leap second `:60`) so
    /// that `2026-13-45` fails in an editor as in `validate`.
    package static let datePattern =
        #"^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)(?:[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?)?$"#

    /// The JSON Schema pattern of `minInterval`: a whole number of at least 1 and at most 100
    /// years of days in its unit (`3153600000s`, `52560000m`, `876000h`, `36500d`), 11 digits
    /// at most, as ``RuleDuration`` reads it; `0s` fails.
    package static let durationPattern =
        #"^(?=[0-9]{1,11}[smhd]$)0*(?:(?:[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-9][0-9]{4}|[1-9][0-9]{5}|[1-9][0-9]{6}|[1-9][0-9]{7}|[1-9][0-9]{8}|[1-2][0-9]{9}|30[0-9]{8}|31[0-4][0-9]{7}|315[0-2][0-9]{6}|3153[0-5][0-9]{5}|3153600000)s|(?:[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-9][0-9]{4}|[1-9][0-9]{5}|[1-9][0-9]{6}|[1-4][0-9]{7}|5[0-1][0-9]{6}|52[0-4][0-9]{5}|525[0-5][0-9]{4}|52560000)m|(?:[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-9][0-9]{4}|[1-7][0-9]{5}|8[0-6][0-9]{4}|87[0-5][0-9]{3}|876000)h|(?:[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-2][0-9]{4}|3[0-5][0-9]{3}|36[0-4][0-9]{2}|36500)d)$"#

    /// The keys that must be present on every page.
    public static let requiredPageKeys = ["heading", "content"]

    /// The JSON Schema pattern of a text that must not be blank (`finishLabel`, `heading`,
    /// `image`): at least one character outside Unicode's White_Space set, which is what the
    /// loader calls blank (`Unicode.Scalar.Properties.isWhitespace`). Spelled out because a
    /// schema's `\S` differs by engine (ECMAScript's leaves U+0085 out and puts U+FEFF in).
    package static let nonBlankPattern =
        "[^\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"

    /// Whether `id` matches ``idPattern``: 1 to 64 ASCII letters, digits, `.`, `_` or `-`,
    /// starting with a letter or digit.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= maximumIDLength, isAlphanumeric(first)
        else { return false }
        return bytes.allSatisfy {
            isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-")
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return false
        }
    }
}
