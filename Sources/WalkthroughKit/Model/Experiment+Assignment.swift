/// Which group of an experiment a user is in.
package enum ExperimentGroup: Sendable, Hashable {
    /// Shown nothing: the users the variants are measured against the absence of.
    case holdout
    /// Shown the variant at this index of `Experiment.variants`.
    case variant(Int)
}

extension Experiment {
    /// The user's bucket, 0…9999: the first 8 bytes, big-endian, of SHA-256 of the UTF-8 bytes
    /// of `id + "/" + user`, modulo 10,000.
    ///
    /// ```sh
    /// printf '%s' 'onboarding-2026-12/alice' | sha256sum | cut -c1-16   # h in hex; b = h mod 10000
    /// ```
    public func bucket(of user: String) -> Int {
        Int(SHA256.prefix64(Array((id + "/" + user).utf8)) % Self.bucketCount)
    }

    /// The first bucket after the holdout: `holdout × 100`.
    public var holdoutBuckets: Int { holdout * 100 }

    /// The buckets of the variant at `index`: the variants share the buckets after the
    /// holdout in consecutive ranges, in definition order, in proportion to their weights.
    public func buckets(ofVariant index: Int) -> Range<Int> {
        let total = variants.reduce(0) { $0 + $1.weight }
        let before = variants[..<index].reduce(0) { $0 + $1.weight }
        let rest = Int(Self.bucketCount) - holdoutBuckets
        let lower = holdoutBuckets + rest * before / total
        let upper = holdoutBuckets + rest * (before + variants[index].weight) / total
        return lower..<upper
    }

    /// The group a bucket falls in.
    public func group(ofBucket bucket: Int) -> ExperimentGroup {
        if bucket < holdoutBuckets { return .holdout }
        for index in variants.indices where buckets(ofVariant: index).contains(bucket) {
            return .variant(index)
        }
        // The last range ends at 10,000: only a bucket out of range reaches here.
        return .variant(variants.count - 1)
    }

    /// The group `user` is in, for good: ``group(ofBucket:)`` of ``bucket(of:)``.
    public func assignment(of user: String) -> ExperimentGroup {
        group(ofBucket: bucket(of: user))
    }

    /// The name of a group: the variant's id, or ``holdoutName``.
    public func name(of group: ExperimentGroup) -> String {
        switch group {
        case .holdout: return Self.holdoutName
        case .variant(let index): return variants[index].id
        }
    }

    /// Every group's name, the variants in order then the holdout (when there is one).
    public var groupNames: [String] {
        variants.map(\.id) + (holdout > 0 ? [Self.holdoutName] : [])
    }
}

extension Walkthrough {
    /// The 0-based positions in the definition of the pages `group` shows: the variant's
    /// `pages` in definition order, every page for a variant without them, none for the
    /// holdout.
    package func pagePositions(for group: ExperimentGroup) -> [Int] {
        guard let experiment else { return Array(pages.indices) }
        switch group {
        case .holdout:
            return []
        case .variant(let index):
            guard let ids = experiment.variants[index].pages else { return Array(pages.indices) }
            let wanted = Set(ids)
            return pages.indices.filter { wanted.contains(pages[$0].id) }
        }
    }
}
