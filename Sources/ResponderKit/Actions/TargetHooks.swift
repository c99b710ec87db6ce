/// How the nil-target search consults ``Responder/target(forAction:withSender:)`` and
/// ``Responder/supplementalTarget(forAction:sender:)`` without making every responder pay
/// for them.
///
/// Whether a class overrides either hook (and, for views, `canPerformAction` or `next`) is
/// decided once per class by comparing its method table with `Responder`'s: the slots are
/// found by diffing against probe classes that each override one method. If the runtime
/// layout does not look as expected (sizes differ, or a probe differs in anything but one
/// slot), every class is treated as hooked — slower, never wrong.
@MainActor
enum TargetHooks {
  /// A responder's part of a search.
  enum Step {
    /// Send the action to this object.
    case found(AnyObject)
    /// Not here: go on up the chain.
    case goOn
  }

  /// What the base ``Responder/target(forAction:withSender:)`` answers while the search asks
  /// an override: "do the default for this object".
  static let defaultAnswer = DefaultAnswer()

  /// The marker type of ``defaultAnswer``.
  final class DefaultAnswer: Sendable {}

  private static var asking: ObjectIdentifier?

  /// Whether the search is asking `responder`'s override right now.
  static func isAsking(_ responder: Responder) -> Bool {
    asking == ObjectIdentifier(responder)
  }

  /// Calls an override of `target(forAction:withSender:)` on `responder` so that its call to
  /// `super` answers ``defaultAnswer`` instead of walking the chain.
  static func ask(_ responder: Responder, _ body: (Responder) -> AnyObject?) -> AnyObject? {
    let saved = asking
    asking = ObjectIdentifier(responder)
    defer { asking = saved }
    return body(responder)
  }

  /// What the search needs to know about a class.
  enum Kind: UInt8 {
    /// Overrides neither hook.
    case plain = 1
    /// Overrides `target(forAction:withSender:)` or `supplementalTarget(forAction:sender:)`.
    case hooked
    /// A view that overrides neither hook, nor `canPerformAction(_:withSender:)`, nor `next`:
    /// its part of a search runs no code but the framework's, so the search can pass it
    /// without retaining it.
    case plainView
  }

  private static var known: [ObjectIdentifier: Kind] = [:]

  /// What `type` overrides (looked up once per class).
  static func kind(of type: Responder.Type) -> Kind {
    let id = ObjectIdentifier(type)
    if let answer = known[id] { return answer }
    let answer: Kind
    if let slots {
      func overrides(_ slot: Int, of base: Responder.Type) -> Bool {
        word(of: type, at: slot) != word(of: base, at: slot)
      }
      if overrides(slots[0], of: Responder.self) || overrides(slots[1], of: Responder.self) {
        answer = .hooked
      } else if type is View.Type, !overrides(slots[2], of: Responder.self),
        !overrides(slots[3], of: View.self)
      {
        answer = .plainView
      } else {
        answer = .plain
      }
    } else {
      answer = .hooked
    }
    known[id] = answer
    return answer
  }

  /// The byte offsets of the method-table slots of the two hooks, `canPerformAction` and
  /// `next`, or nil if they cannot be found. Each probe also differs from `Responder` where
  /// the compiler gave it its own entries (the inherited initialisers), but those differ in
  /// every probe; a method's slot differs in one. (Responder's slots keep their offsets in
  /// every subclass: a superclass's members come first.)
  private static let slots: [Int]? = {
    let probes: [Responder.Type] = [
      TargetProbe.self, SupplementalProbe.self, CanPerformProbe.self, NextProbe.self,
    ]
    var differing: [Set<Int>] = []
    for probe in probes {
      guard let words = differingWords(probe) else { return nil }
      differing.append(words)
    }
    var slots: [Int] = []
    for (index, words) in differing.enumerated() {
      let own = differing.indices.filter { $0 != index }.reduce(words) { $0.subtracting(differing[$1]) }
      guard own.count == 1, let slot = own.first else { return nil }
      slots.append(slot)
    }
    return slots
  }()

  // Swift class metadata (without Objective-C interop): kind, superclass, flags,
  // instance address point, instance size, alignment mask, reserved, class size, class
  // address point, description, ivar destroyer — then the members, method table included.
  private static let classSizeOffset = 32
  private static let classAddressPointOffset = 36
  private static let membersOffset = 56

  /// The offsets of the member words in which `probe` differs from `Responder`, or nil if
  /// their metadata differ in size.
  private static func differingWords(_ probe: Responder.Type) -> Set<Int>? {
    guard let end = memberEnd(of: Responder.self), memberEnd(of: probe) == end else { return nil }
    return Set(
      stride(from: membersOffset, to: end, by: MemoryLayout<UInt>.size).filter {
        word(of: probe, at: $0) != word(of: Responder.self, at: $0)
      })
  }

  /// Where the metadata of `type` ends, from its address point; nil if implausible.
  private static func memberEnd(of type: Responder.Type) -> Int? {
    let base = metadata(type)
    let size = Int(base.load(fromByteOffset: classSizeOffset, as: UInt32.self))
    let addressPoint = Int(base.load(fromByteOffset: classAddressPointOffset, as: UInt32.self))
    let end = size - addressPoint
    guard end > membersOffset, end < 1 << 16, end % MemoryLayout<UInt>.size == 0 else { return nil }
    return end
  }

  private static func word(of type: Responder.Type, at offset: Int) -> UInt {
    metadata(type).load(fromByteOffset: offset, as: UInt.self)
  }

  private static func metadata(_ type: Responder.Type) -> UnsafeRawPointer {
    unsafeBitCast(type as AnyClass, to: UnsafeRawPointer.self)
  }
}

/// Overrides only `target(forAction:withSender:)`, to find its slot.
private final class TargetProbe: Responder {
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? { nil }
}

/// Overrides only `supplementalTarget(forAction:sender:)`, to find its slot.
private final class SupplementalProbe: Responder {
  override func supplementalTarget(forAction action: Action, sender: Any?) -> AnyObject? { nil }
}

/// Overrides only `canPerformAction(_:withSender:)`, to find its slot.
private final class CanPerformProbe: Responder {
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool { false }
}

// MARK: - The key path

extension TargetHooks {
  /// What the key path needs to know about a class: which of the methods whose default only
  /// passes the key on (or offers nothing) it overrides, so the key path can pass over objects
  /// that keep the defaults, and whether it is a view whose `next` is the framework's.
  struct KeyPathTraits: OptionSet {
    let rawValue: UInt8
    /// Overrides ``Responder/keyCommands``.
    static let keyCommands = KeyPathTraits(rawValue: 1)
    /// Overrides ``Responder/keyDown(with:)``.
    static let keyDown = KeyPathTraits(rawValue: 2)
    /// Overrides ``Responder/keyUp(with:)``.
    static let keyUp = KeyPathTraits(rawValue: 4)
    /// A view that keeps ``View/next``: its successor can be read without running app code.
    static let plainView = KeyPathTraits(rawValue: 8)
    /// Set once the traits are looked up.
    static let known = KeyPathTraits(rawValue: 128)
  }

  /// The ``KeyPathTraits`` of `type` (looked up once per class). When the method table cannot
  /// be read, every method counts as overridden, which only costs the passing over.
  static func keyPathTraits(of type: Responder.Type) -> KeyPathTraits {
    let id = ObjectIdentifier(type)
    if let answer = knownKeyPathTraits[id] { return answer }
    var answer: KeyPathTraits = .known
    if let slots = keyPathSlots {
      func overrides(_ index: Int, of base: Responder.Type) -> Bool {
        word(of: type, at: slots[index]) != word(of: base, at: slots[index])
      }
      for (index, trait) in [KeyPathTraits.keyCommands, .keyDown, .keyUp].enumerated()
      where overrides(index, of: Responder.self) {
        answer.insert(trait)
      }
      if type is View.Type, !overrides(3, of: View.self) { answer.insert(.plainView) }
    } else {
      answer.formUnion([.keyCommands, .keyDown, .keyUp])
    }
    knownKeyPathTraits[id] = answer
    return answer
  }

  private static var knownKeyPathTraits: [ObjectIdentifier: KeyPathTraits] = [:]

  /// The method-table slots of `keyCommands`, `keyDown`, `keyUp` and `next`: the words each
  /// probe differs from `Responder` in, less those a probe of another method differs in too
  /// (the inherited initialisers); nil unless exactly one is left for each.
  private static let keyPathSlots: [Int]? = {
    guard let other = differingWords(TargetProbe.self) else { return nil }
    var slots: [Int] = []
    for probe: Responder.Type in [KeyCommandsProbe.self, KeyDownProbe.self, KeyUpProbe.self, NextProbe.self] {
      guard let own = differingWords(probe)?.subtracting(other), own.count == 1, let slot = own.first
      else { return nil }
      slots.append(slot)
    }
    return slots
  }()
}

/// Overrides only `keyCommands`, to find its slot.
private final class KeyCommandsProbe: Responder {
  override var keyCommands: [KeyCommand] { [] }
}

/// Overrides only `keyDown(with:)`, to find its slot.
private final class KeyDownProbe: Responder {
  override func keyDown(with event: KeyEvent) {}
}

/// Overrides only `keyUp(with:)`, to find its slot.
private final class KeyUpProbe: Responder {
  override func keyUp(with event: KeyEvent) {}
}

/// Overrides only `next`, to find its slot.
private final class NextProbe: Responder {
  override var next: Responder? { nil }
}
