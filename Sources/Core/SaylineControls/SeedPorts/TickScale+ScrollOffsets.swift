// Seed ports the keyboard front does not use: the ruler's scroll offsets and snap target, kept
// exact to the seed and held to it by TickScaleTests, for a front that scrolls (a pointer, a
// touch screen). Nothing in the product calls them.

extension TickScale {
    /// The tick nearest to a scroll offset, as the ruler's snap behaviour picks it.
    public func index(forOffset offset: Double, spacing: Double) -> Int {
        guard offset.isFinite, spacing > 0 else { return 0 }
        return clampedIndex((offset / spacing).rounded())
    }

    /// Rounds an offset to the nearest tick's offset, as the seed's snap target does.
    public static func snappedOffset(_ offset: Double, spacing: Double) -> Double {
        guard offset.isFinite, spacing.isFinite, spacing > 0 else { return 0 }
        return (offset / spacing).rounded() * spacing
    }
}
