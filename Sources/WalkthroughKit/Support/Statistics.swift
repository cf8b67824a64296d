import Glibc

/// The distributions the experiment's tests need, from the C library's `erfc` and `lgamma`.
package enum Statistics {
    /// The z of a two-sided 95 % interval.
    package static let z95 = 1.959964

    /// Φ(z), the standard normal distribution function.
    package static func normalCDF(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// The two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z|/√2).
    package static func twoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }

    /// P(X ≥ x) for X chi-square distributed with `degrees` degrees of freedom: the regularized
    /// upper incomplete gamma function Q(k/2, x/2).
    package static func chiSquareSurvival(_ x: Double, degrees: Int) -> Double {
        precondition(degrees >= 1, "a chi-square distribution has 1 or more degrees of freedom")
        guard x > 0 else { return 1 }
        return regularizedUpperGamma(Double(degrees) / 2, x / 2)
    }

    /// Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0: by its power series (as 1 − P) below
    /// x = a + 1, where the series converges fast, and by its continued fraction (modified
    /// Lentz) above, where the fraction does (Numerical Recipes, §6.2).
    package static func regularizedUpperGamma(_ a: Double, _ x: Double) -> Double {
        precondition(a > 0 && x >= 0, "Q(a, x) needs a > 0 and x ≥ 0")
        if x == 0 { return 1 }
        // e^(−x) x^a / Γ(a), in logarithms so that neither factor overflows.
        let front = exp(-x + a * log(x) - lgamma(a))
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<10_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, 1 - sum * front)
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return min(1, front * h)
    }
}
