/// What TouchLab has seen: one entry per control dispatch, per action delivered and per
/// action dropped, oldest first.
@MainActor
final class EventLog {
  /// One line of the log.
  struct Entry: Equatable {
    enum Kind: Equatable {
      /// The control events of one dispatch (`touchDragOutside|touchDragExit`).
      case events
      /// An action that reached its target.
      case action
      /// An action dropped because its target was deallocated.
      case drop
      /// A gesture recognizer's state change.
      case gesture
      /// A secondary button or the pointer entering or leaving a control.
      case pointer
    }

    /// The control's or recognizer's name in the lab (`Button`, `Slider A`, `Pan`).
    var control: String
    var kind: Kind
    var text: String

    /// The line as the screen shows it.
    var line: String {
      let name = control.padding(toLength: 10, withPad: " ", startingAt: 0)
      switch kind {
      case .events: return "\(name) \(text)"
      case .action: return "\(name)   ↳ \(text)"
      case .drop: return "\(name)   ✗ \(text)"
      case .gesture, .pointer: return "\(name) \(text)"
      }
    }
  }

  private(set) var entries: [Entry] = []
  /// How many entries are kept; older ones are forgotten.
  var capacity = 500
  /// Called after each new entry.
  var didAppend: (@MainActor () -> Void)?

  func append(_ entry: Entry) {
    entries.append(entry)
    if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    didAppend?()
  }

  /// The event masks one control sent, in order.
  func events(of control: String) -> [String] {
    entries.filter { $0.control == control && $0.kind == .events }.map(\.text)
  }

  func clear() {
    entries.removeAll()
    didAppend?()
  }
}
