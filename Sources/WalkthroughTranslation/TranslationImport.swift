package import WalkthroughKit

/// What importing a translator's file into a definition does, worked out before anything is
/// written: the texts that change, the fingerprints recorded, the units left as they were and
/// why.
package struct TranslationImport: Sendable {
    /// A text whose translation changes.
    package struct Change: Sendable, Hashable {
        /// The text's path.
        package var path: String
        /// The translation before, or `nil` when the text had none in the locale.
        package var old: String?
        /// The translation written.
        package var new: String
    }

    /// The texts whose translation changes, in file order.
    package var changes: [Change] = []
    /// The fingerprints recorded (path, fingerprint), new or changed, in file order.
    package var fingerprints: [(path: String, fingerprint: String)] = []
    /// The units left as they were because they are still marked as needing review.
    package var needingReview: [String] = []
    /// The number of units left as they were because their target is empty.
    package var untranslated = 0

    /// Whether the definition changes at all.
    package var changesDefinition: Bool { !changes.isEmpty || !fingerprints.isEmpty }

    /// Plans importing `file`'s units into the texts of one locale.
    ///
    /// - A unit must name a text the definition has (`unknownText`).
    /// - A target may hold no control character but newlines and tabs, and no bidirectional
    ///   control (`unsafeCharacter`, by ``CharacterSafety``'s rule).
    /// - A unit whose fingerprint (or, without one, whose source) is not the current source's
    ///   was translated from an earlier text: refused (`stale`) unless `acceptStale`, in which
    ///   case it is written with the fingerprint it came with, so that it stays stale.
    /// - An empty target leaves the text as it was; so does a unit marked as needing review,
    ///   unless `acceptStale`.
    package static func plan(
        _ file: TranslationFile, texts: [TranslationText], acceptStale: Bool
    ) throws(TranslationError) -> TranslationImport {
        let byPath = Dictionary(
            texts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var plan = TranslationImport()
        var stale: [String] = []
        for var unit in file.units {
            if unit.path.isEmpty {
                unit.path = try path(of: unit, among: texts)
            }
            guard let text = byPath[unit.path] else {
                throw TranslationError.unknownText(path: unit.path, line: unit.line)
            }
            for scalar in unit.target.unicodeScalars
            where scalar != "\n" && scalar != "\t"
                && (CharacterSafety.isUnsafeOnTerminal(scalar.value)
                    || CharacterSafety.isLineSeparator(scalar.value))
            {
                throw TranslationError.unsafeCharacter(path: unit.path, scalar: scalar.value)
            }
            guard !unit.target.isEmpty else {
                plan.untranslated += 1
                continue
            }
            let current = text.fingerprint
            let madeFrom = unit.fingerprint ?? (unit.source == text.source ? current : nil)
            if madeFrom != current, !acceptStale {
                stale.append(unit.path)
                continue
            }
            if unit.needsReview, !acceptStale {
                plan.needingReview.append(unit.path)
                continue
            }
            // A stale unit accepted, or one marked for review, keeps the fingerprint of what
            // it was made from: it stays stale until someone translates the current text.
            let recorded: String? =
                if unit.needsReview && madeFrom == current {
                    text.recordedFingerprint
                } else {
                    madeFrom ?? text.recordedFingerprint
                }
            if unit.target != text.target {
                plan.changes.append(Change(path: unit.path, old: text.target, new: unit.target))
            }
            if let recorded, recorded != text.recordedFingerprint {
                plan.fingerprints.append((unit.path, recorded))
            }
        }
        guard stale.isEmpty else { throw TranslationError.stale(paths: stale) }
        return plan
    }

    /// The path of a unit that names none (a PO entry whose msgctxt a tool dropped): the one
    /// text whose current source has the unit's fingerprint, else the one whose source is the
    /// unit's.
    private static func path(
        of unit: TranslationUnit, among texts: [TranslationText]
    ) throws(TranslationError) -> String {
        var matches = texts.filter { unit.fingerprint != nil && $0.fingerprint == unit.fingerprint }
        if matches.isEmpty { matches = texts.filter { $0.source == unit.source } }
        guard matches.count == 1 else {
            throw TranslationError.unmatchedUnit(
                source: String((unit.source ?? "").prefix(60)), count: matches.count,
                line: unit.line)
        }
        return matches[0].path
    }

}
