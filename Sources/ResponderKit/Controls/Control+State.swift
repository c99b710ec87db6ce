extension Control {
  /// What a control looks like now: UIKit's `UIControl.State`, with its raw values.
  /// ``normal`` is the empty set.
  public struct State: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt
    /// Wraps bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Enabled, not selected, not highlighted.
    public static let normal: State = []
    /// A touch is down inside the control.
    public static let highlighted = State(rawValue: 1 << 0)
    /// The control does not react to touches or keys.
    public static let disabled = State(rawValue: 1 << 1)
    /// The control is selected (a chosen segment, a pressed toggle).
    public static let selected = State(rawValue: 1 << 2)
    /// The control has the keyboard focus (it is first responder).
    public static let focused = State(rawValue: 1 << 3)
  }
}
