/// The actions one type implements and the methods they call: the equivalent of an
/// Objective-C class's method list, built once per type.
///
/// A table is indexed by ``Action/index``, so "can this responder do X?" is one array read —
/// no strings, no hashing, no allocation. Declare it in the type's `actionTable` override
/// (``declared(by:_:)`` builds it once and inherits the superclass's table):
///
///     final class NoteView: View {
///       override class var actionTable: ActionTable {
///         .declared(by: self) {
///           $0.add(.copy) { $0.copy() }                            // ()
///           $0.add(.paste) { view, sender in view.paste(sender) }  // (sender)
///           $0.add(.done) { view, sender, event in view.done(sender, event) }  // (sender, event)
///         }
///       }
///     }
///
/// or, for a type asked on every event, in a `static let` the override returns (one load
/// instead of a lookup by type): `private static let actions = ActionTable(NoteView.self) { … }`.
///
/// The three shapes are UIKit's action signatures; the sender is the control (or whatever
/// called `sendAction(_:to:from:for:)`), the event the one that triggered it.
public final class ActionTable: Sendable {
  /// A type-erased method: the receiver is known to be of the table's type.
  typealias Method = @MainActor @Sendable (AnyObject, Any?, Event?) -> Void

  let methods: [Method?]
  /// One bit per action index, set when ``methods`` has that action: what ``contains(_:)``
  /// reads, so the search never copies (and retains) a method closure just to test it.
  private let bits: [UInt64]
  /// The actions in the table, for listings and validation menus.
  public let actions: [Action]
  /// The type the table was built for; nil for ``empty``, which fits every type.
  let targetType: AnyClass?
  /// The responder methods the table's own type declares it keeps as inherited: objects of
  /// exactly that type (not of subclasses, which may override them) are passed by the chain's
  /// walks without calling those methods. Declared, never guessed; empty unless the framework
  /// says so for one of its own types.
  let keptDefaults: KeptDefaults

  /// An empty table: the object implements nothing.
  public static let empty = ActionTable(methods: [], actions: [], targetType: nil, keeping: [])

  init(methods: [Method?], actions: [Action], targetType: AnyClass?, keeping: KeptDefaults) {
    self.methods = methods
    self.actions = actions
    self.targetType = targetType
    self.keptDefaults = keeping
    var bits = [UInt64](repeating: 0, count: (methods.count + 63) / 64)
    for (index, method) in methods.enumerated() where method != nil {
      bits[index / 64] |= 1 << UInt64(index % 64)
    }
    self.bits = bits
  }

  /// Builds a table for `type`, starting from an inherited table that this one may override
  /// entry by entry: by default the table of `type`'s superclass (when it is an
  /// ``ActionTarget``), so a subclass never silently loses its superclass's actions; pass
  /// ``empty`` to start from nothing.
  public convenience init<Target: AnyObject>(
    _ type: Target.Type, inheriting parent: ActionTable? = nil,
    _ build: (inout Builder<Target>) -> Void
  ) {
    self.init(type, inheriting: parent, keeping: [], build)
  }

  /// Builds a table for `type`, as ``init(_:inheriting:_:)`` does, declaring which responder
  /// methods `type` keeps as inherited, so that the chain's walks pass its objects without
  /// calling them (see `KeptDefaults`, FastPath/ActionTable+KeptDefaults.swift). The framework's
  /// own classes only: an app's class is asked through its methods.
  package convenience init<Target: AnyObject>(
    _ type: Target.Type, inheriting parent: ActionTable? = nil, keeping kept: KeptDefaults,
    _ build: (inout Builder<Target>) -> Void
  ) {
    let parent = parent ?? ActionTable.superclassTable(of: type)
    var builder = Builder<Target>(methods: parent.methods, actions: parent.actions)
    build(&builder)
    self.init(
      methods: builder.methods, actions: builder.actions, targetType: type,
      keeping: ActionTable.declarable(kept, by: type))
  }

  /// The table of `type`'s superclass, or ``empty``.
  static func superclassTable(of type: AnyClass) -> ActionTable {
    guard let superclass = _getSuperclass(type) else { return .empty }
    return MainActor.assumeIsolated { (superclass as? any ActionTarget.Type)?.actionTable ?? .empty }
  }

  /// Whether objects of `type` may use this table: it was built for `type` or a superclass.
  public func accepts(_ type: AnyClass) -> Bool {
    guard let targetType else { return true }
    var current: AnyClass? = type
    while let candidate = current {
      if ObjectIdentifier(candidate) == ObjectIdentifier(targetType) { return true }
      current = _getSuperclass(candidate)
    }
    return false
  }

  /// Stops with a clear message when `object`'s class returns a table built for another type
  /// (whose methods would otherwise be called on the wrong object); checked in every build.
  func checkAccepts(_ object: AnyObject) {
    let type: AnyClass = Swift.type(of: object)
    precondition(
      accepts(type),
      "\(type).actionTable returns a table built for \(targetType.map { "\($0)" } ?? "?"), not for \(type) or a superclass"
    )
  }

  /// Whether the table has a method for `action`.
  @inline(__always)
  public func contains(_ action: Action) -> Bool {
    let word = action.index &>> 6
    guard word < bits.count else { return false }
    return bits[word] & (1 &<< UInt64(action.index & 63)) != 0
  }

  /// Calls the method for `action` on `target`, which must be of the table's type (see
  /// ``checkAccepts(_:)``; responders are checked once, when they first read their table).
  /// Returns false when the table has no such action.
  @MainActor @discardableResult
  func perform(_ action: Action, on target: AnyObject, sender: Any?, event: Event?, checked: Bool = false)
    -> Bool
  {
    guard action.index < methods.count, methods[action.index] != nil else { return false }
    if !checked { checkAccepts(target) }
    // Called in place: copying the closure out would retain and release its context.
    methods[action.index]?(target, sender, event)
    return true
  }

  /// Collects a type's actions; see ``ActionTable``.
  public struct Builder<Target: AnyObject> {
    var methods: [Method?]
    var actions: [Action]

    init(methods: [Method?], actions: [Action]) {
      self.methods = methods
      self.actions = actions
    }

    private mutating func set(_ action: Action, _ method: @escaping Method) {
      if methods.count <= action.index {
        methods.append(contentsOf: repeatElement(nil, count: action.index + 1 - methods.count))
      }
      if methods[action.index] == nil { actions.append(action) }
      methods[action.index] = method
    }

    /// An action method that takes no arguments.
    public mutating func add(_ action: Action, _ method: @escaping @MainActor @Sendable (Target) -> Void) {
      set(action) { target, _, _ in method(unsafeDowncast(target, to: Target.self)) }
    }

    /// An action method that takes the sender.
    public mutating func add(
      _ action: Action, _ method: @escaping @MainActor @Sendable (Target, Any?) -> Void
    ) {
      set(action) { target, sender, _ in method(unsafeDowncast(target, to: Target.self), sender) }
    }

    /// An action method that takes the sender and the event.
    public mutating func add(
      _ action: Action, _ method: @escaping @MainActor @Sendable (Target, Any?, Event?) -> Void
    ) {
      set(action) { target, sender, event in
        method(unsafeDowncast(target, to: Target.self), sender, event)
      }
    }

    /// Removes an inherited action, so the chain search skips objects of this type for it.
    public mutating func remove(_ action: Action) {
      guard action.index < methods.count, methods[action.index] != nil else { return }
      methods[action.index] = nil
      actions.removeAll { $0 == action }
    }
  }
}

/// An object that can be the target of an action: every ``Responder``, and any other object
/// (a window or application delegate, a model controller) that declares an ``ActionTable``.
@MainActor
public protocol ActionTarget: AnyObject {
  /// The actions objects of this type implement.
  static var actionTable: ActionTable { get }

  /// Whether this object will perform `action` now. The default is "the table has it";
  /// override it to disable an action for the current state, which also makes the
  /// responder-chain search skip this object.
  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool

  /// Whether a menu item, button or key command for one of this object's actions should be
  /// enabled. Called on the target the action resolves to; the default is true.
  func validate(_ item: any ValidatedItem) -> Bool

  /// Whether menu items and key equivalents may reach this object during a modal session
  /// although it is not in the modal window (AppKit's `worksWhenModal`); default false.
  var worksWhenModal: Bool { get }
}

extension ActionTarget {
  /// The table has the action.
  public func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    Self.actionTable.contains(action)
  }

  /// Enabled.
  public func validate(_ item: any ValidatedItem) -> Bool { true }

  /// Not during a modal session for another window.
  public var worksWhenModal: Bool { false }
}

/// Something the user can trigger that sends an action — a menu item, a button, a key
/// command — and that validation can enable or disable.
@MainActor
public protocol ValidatedItem: AnyObject {
  /// The action the item sends.
  var action: Action? { get }
  /// An app-defined number that tells items with the same action apart.
  var tag: Int { get }
}
