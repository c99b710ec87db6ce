/// A record of how the application dispatched each action, key and touch: every object the
/// responder-chain search visited and why it was passed by, the key commands, key bindings
/// and menus a key met, the view a touch hit and the control events it sent.
///
/// Set one as ``Application/actionTrace`` to record; with none set, the dispatch runs its
/// instantiation without trace calls, and the search's steps record nothing. The records come from the
/// dispatch code itself as it runs, so they show what happened, not a reconstruction:
///
/// ```swift
/// let trace = ActionTrace()
/// app.actionTrace = trace
/// app.sendAction(.copy, to: nil, from: nil)
/// print(trace.text)
/// // action copy: from nothing, to the first responder
/// //   key window Window "Main"
/// //     TextField "name": does not implement
/// //     EditorController: performs it
/// //   performed by EditorController
/// ```
///
/// Objects are named by type and the ``Responder/identifier`` (or title) the app gives them,
/// never by address, so a trace can be compared with a golden file.
@MainActor
public final class ActionTrace {
  /// Why the search passed an object by.
  public enum SkipReason: String, Sendable {
    /// Its type's ``ActionTable`` does not have the action.
    case doesNotImplement = "does not implement"
    /// It implements the action but ``Responder/canPerformAction(_:withSender:)`` said no.
    case cannotPerform = "canPerformAction said no"
    /// The target's ``Responder/validate(_:)`` disabled the item.
    case vetoedByValidation = "vetoed by validation"
    /// The object is in another window than the one being searched: a sender the window's
    /// search does not start at.
    case differentWindow = "different window"
    /// A modal session shuts the object (or its window) out.
    case modalShutOut = "modal shut-out"
  }

  /// One step of a dispatch.
  public enum Step {
    /// A fact about the dispatch, as text.
    case note(String)
    /// An object the search visited: `reason` nil means it was chosen.
    case visit(String, SkipReason?)
    /// A dispatch started by this one: a key's action, a control event's action.
    case nested(Entry)
  }

  /// One dispatch: an action sent, a key, or a touch event.
  @MainActor
  public final class Entry {
    /// The first line: what was dispatched (`action copy: from Button "Copy", …`).
    public let title: String
    /// What happened, in order.
    public internal(set) var steps: [Step] = []
    /// The object that performed the action (for a key or touch, the performer of the first
    /// action it led to, else the responder that handled it), held weakly.
    public internal(set) weak var performer: AnyObject?
    /// How it ended (`performed by …`, `dropped: …`, `ended: key command`).
    public internal(set) var outcome = Entry.unfinished
    static let unfinished = "unhandled"
    /// Whether ``performer`` came from a nested action (which a later handler cannot replace).
    var performerIsAction = false

    init(_ title: String) { self.title = title }

    /// The entry as indented lines, nested dispatches indented further.
    public var lines: [String] {
      var lines = [title]
      for step in steps {
        switch step {
        case .note(let text): lines.append("  " + text)
        case .visit(let name, nil): lines.append("    \(name): performs it")
        case .visit(let name, let reason?): lines.append("    \(name): \(reason.rawValue)")
        case .nested(let entry): lines += entry.lines.map { "  " + $0 }
        }
      }
      lines.append("  " + outcome)
      return lines
    }

    /// The lines joined, each ending in a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }
  }

  /// Creates an empty trace that keeps the last `capacity` entries.
  public init(capacity: Int = 500) {
    self.capacity = max(1, capacity)
  }

  /// How many finished entries are kept.
  public let capacity: Int

  /// The finished top-level entries, oldest first.
  public private(set) var entries: [Entry] = []

  /// The most recent finished entry.
  public var last: Entry? { entries.last }

  /// Every kept entry as text.
  public var text: String { entries.map(\.text).joined() }

  /// Called with each finished top-level entry, as it finishes (the host writes it to a file).
  public var entryHandler: (@MainActor (Entry) -> Void)?

  /// Forgets the finished entries.
  public func removeAll() { entries.removeAll() }

  /// Ends the dispatches still being recorded, as far as they got: the host calls it when
  /// the process exits from inside one (an action that terminates the app).
  package func endOpenEntries() {
    guard let first = open.first else { return }
    for entry in open where entry.outcome == Entry.unfinished {
      entry.outcome = "the process exited during this dispatch"
    }
    end(first)
  }

  // MARK: Recording (called from the dispatch code)

  /// The trace recording the dispatch in progress, if any: deep hooks (a responder's
  /// `keyDown`, a control's events) record here without knowing their application.
  static var current: ActionTrace?

  /// The trace recording the nil-target search in progress, if any: the overridable
  /// `target(forAction:withSender:)` methods record their steps here. Set only for the search
  /// itself, so that searches made to validate items are not recorded.
  static var searching: ActionTrace?

  /// The object the last visit chose, to tell a redirect from the chain's own answer.
  private var chosen: ObjectIdentifier?

  /// Records `answer`, given by `responder`'s `target(forAction:withSender:)`, as a redirect
  /// unless the search chose it (an override or a supplemental target named it).
  func noteAnswer(_ answer: AnyObject, of responder: Responder, for action: Action) {
    guard chosen != ObjectIdentifier(answer) else { return }
    note("  \(ActionTrace.name(ofObject: responder)) redirects to \(ActionTrace.name(ofObject: answer))")
    visit(answer, Application.ResolvedTarget(explicit: answer, action) == nil ? .doesNotImplement : nil)
    chosen = ObjectIdentifier(answer)
  }

  private var open: [Entry] = []
  private var previous: ActionTrace?

  func begin(_ title: String) -> Entry {
    let entry = Entry(title)
    if let parent = open.last {
      parent.steps.append(.nested(entry))
    } else {
      previous = ActionTrace.current
      ActionTrace.current = self
    }
    open.append(entry)
    return entry
  }

  func end(_ entry: Entry) {
    guard let index = open.lastIndex(where: { $0 === entry }) else { return }
    open.removeSubrange(index...)
    if let parent = open.last {
      // A key or touch is credited to the first action it got performed.
      if let performer = entry.performer, !parent.performerIsAction {
        parent.performer = performer
        parent.performerIsAction = true
      }
      return
    }
    ActionTrace.current = previous
    previous = nil
    entries.append(entry)
    if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    entryHandler?(entry)
  }

  /// The entry being recorded, innermost first.
  var openEntry: Entry? { open.last }

  func note(_ text: String) { open.last?.steps.append(.note(text)) }

  func visit(_ object: AnyObject, _ reason: SkipReason?) {
    if reason == nil { chosen = ObjectIdentifier(object) }
    open.last?.steps.append(.visit(ActionTrace.name(ofObject: object), reason))
  }

  func performed(by object: AnyObject) {
    guard let entry = open.last else { return }
    entry.performer = object
    entry.outcome = "performed by \(ActionTrace.name(ofObject: object))"
  }

  func finish(_ outcome: String) { open.last?.outcome = outcome }

  /// Ends the entry at `object` (nil: none yet; a nested action may still name one).
  func handled(_ outcome: String, by object: AnyObject?) {
    guard let entry = open.last else { return }
    entry.outcome = outcome
    if !entry.performerIsAction { entry.performer = object }
  }

  /// Records touches of `phase` delivered to `receiver` (by the window or its gesture arbiter,
  /// or passed on by a responder's default touch method), where the dispatch ends unless it
  /// goes on or an action it sends names a performer.
  func delivered(_ phase: TouchPhase, to receiver: Responder, passedOnBy passer: Responder? = nil) {
    if let passer {
      note("\(ActionTrace.name(of: passer)) passes touches \(phase) on")
    } else {
      note("touches \(phase): \(ActionTrace.name(of: receiver))")
    }
    handled("ended: delivered to \(ActionTrace.name(of: receiver))", by: receiver)
  }

  /// The first line of a key's or touches' entry; nil for input that is not traced.
  static func title(of input: InputEvent) -> String? {
    switch input {
    case .key(let key): return "key \(key)"
    case .touches(let samples):
      let touches = samples.map { "\($0.id) \($0.phase) at \($0.location)" }
      return "touches " + touches.joined(separator: ", ")
    default: return nil
    }
  }

  /// The name an object goes by in a trace: its type, then the identifier or title the app
  /// gave it, quoted.
  public static func name(of object: Any?) -> String {
    guard let object else { return "nothing" }
    guard Swift.type(of: object) is AnyClass else { return String(describing: Swift.type(of: object)) }
    return name(ofObject: object as AnyObject)
  }

  /// ``name(of:)`` for an object: class casts and the type's name, without the casts from
  /// `Any` and the reflection of `String(describing:)`, which made a traced search cost
  /// twenty times more.
  static func name(ofObject object: AnyObject) -> String {
    let type = _typeName(Swift.type(of: object), qualified: false)
    let label: String?
    switch object {
    case let responder as Responder where responder.identifier != nil: label = responder.identifier
    case let button as Button: label = button.title
    case let controller as ViewController: label = controller.title
    case let window as Window: label = window.title
    case let item as MenuItem: label = item.title
    case let document as Document: label = document.displayName
    case let command as KeyCommand: label = command.shortcutDescription
    default: label = nil
    }
    guard let label, !label.isEmpty else { return type }
    return "\(type) \"\(label)\""
  }
}
