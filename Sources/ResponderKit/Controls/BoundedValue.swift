/// A value kept within a range whose ends can move: the model behind ``Slider`` and
/// ``Stepper``. Moving one end past the other drags the other along; the value follows.
struct BoundedValue: Hashable, Sendable {
  private(set) var value: Double
  private(set) var minimum: Double
  private(set) var maximum: Double

  /// The ends go under the geometry rule (NaN is 0, ±∞ is ±2³⁰); a NaN value is the minimum.
  init(value: Double, minimum: Double, maximum: Double) {
    self.minimum = minimum.normalizedCellValue
    self.maximum = Swift.max(self.minimum, maximum.normalizedCellValue)
    self.value = value.isNaN ? self.minimum : Swift.min(Swift.max(value, self.minimum), self.maximum)
  }

  /// Sets the value, clamped to the range; returns whether it changed.
  @discardableResult
  mutating func setValue(_ newValue: Double) -> Bool {
    let clamped = newValue.isNaN ? minimum : Swift.min(Swift.max(newValue, minimum), maximum)
    guard clamped != value else { return false }
    value = clamped
    return true
  }

  /// Moves the low end; the high end and the value come up with it if needed.
  mutating func setMinimum(_ newMinimum: Double) {
    minimum = newMinimum.normalizedCellValue
    if maximum < minimum { maximum = minimum }
    setValue(value)
  }

  /// Moves the high end; the low end and the value come down with it if needed.
  mutating func setMaximum(_ newMaximum: Double) {
    maximum = newMaximum.normalizedCellValue
    if minimum > maximum { minimum = maximum }
    setValue(value)
  }
}
