/// A closure a control runs for some of its events: UIKit's `UIAction`.
///
/// Actions are unique per control by ``identifier``: adding a second action with the same
/// identifier replaces the first (keeping its place in the order). While the handler runs,
/// ``sender`` is the control that sent it.
@MainActor
public final class ControlAction {
  /// Tells actions apart; two actions with equal identifiers are "the same" to a control.
  public struct Identifier: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The name.
    public var rawValue: String
    /// An identifier with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An identifier with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name.
    public var description: String { rawValue }
  }

  /// Identifies the action; a fresh unique one unless given.
  public let identifier: Identifier
  /// A short name (shown by menus, logged).
  public var title: String
  /// The control sending the action while the handler runs, else nil.
  public internal(set) weak var sender: Control?
  /// The event that triggered the dispatch while the handler runs (nil for programmatic
  /// sends), else nil.
  public internal(set) var event: Event?
  /// The control events of the dispatch running the handler — the whole mask of the phase,
  /// such as `touchDragExit|touchDragOutside` — else empty. A handler registered for
  /// ``ControlEvents/allEvents`` sees every dispatch exactly as the control makes it, which is
  /// what event logs and inspectors need.
  public internal(set) var controlEvents: ControlEvents = []
  private let handler: @MainActor (ControlAction) -> Void

  private static var counter = 0

  /// Creates an action. Without an identifier, each action gets a new unique one.
  public init(
    title: String = "", identifier: Identifier? = nil, handler: @escaping @MainActor (ControlAction) -> Void
  ) {
    if let identifier {
      self.identifier = identifier
    } else {
      ControlAction.counter += 1
      self.identifier = Identifier("ControlAction.\(ControlAction.counter)")
    }
    self.title = title
    self.handler = handler
  }

  /// Runs the handler with ``sender``, ``event`` and ``controlEvents`` set for its duration.
  func perform(sender: Control, event: Event?, controlEvents: ControlEvents = []) {
    let savedSender = self.sender
    let savedEvent = self.event
    let savedEvents = self.controlEvents
    self.sender = sender
    self.event = event
    self.controlEvents = controlEvents
    defer {
      self.sender = savedSender
      self.event = savedEvent
      self.controlEvents = savedEvents
    }
    handler(self)
  }
}
