/// A keyboard shortcut a responder offers while it is in the first responder's chain
/// (UIKit's `UIKeyCommand`): a key and modifiers that send an action through the chain.
///
/// Key commands are matched before the first responder sees the key. The action is sent with
/// a nil target; if nothing in the chain can perform it, or validation disables it, the key
/// goes on to normal handling.
@MainActor
public final class KeyCommand: ValidatedItem {
  /// The key: a character ("z", "?") or one of the `input…` constants.
  public let input: String
  /// The modifiers that must be held, exactly (Caps Lock and Num Lock are ignored).
  public let modifierFlags: KeyEvent.ModifierFlags
  /// The action sent.
  public let action: Action?
  /// A name for menus and help screens.
  public var title: String
  /// A longer name for a shortcut overview.
  public var discoverabilityTitle: String?
  /// An app-defined number.
  public var tag: Int = 0
  /// When true the command is matched even before a text field sees the key.
  public var wantsPriorityOverSystemBehavior = false

  /// Creates a key command.
  public init(
    title: String = "", input: String, modifierFlags: KeyEvent.ModifierFlags = [], action: Action,
    discoverabilityTitle: String? = nil
  ) {
    self.title = title
    self.input = input
    self.modifierFlags = modifierFlags.intersection(.deviceIndependent)
    self.action = action
    self.discoverabilityTitle = discoverabilityTitle
    self.keysym = KeyCommand.specialInputs[input]
  }

  private let keysym: Keysym?

  /// Whether a key press matches: same key (letters compared without case) and exactly the
  /// same modifiers.
  ///
  /// When the key does not match but the event knows the key before Shift
  /// (``KeyEvent/unshiftedKeysym``), a command for that key with Shift matches too, so
  /// `input: "1", modifierFlags: .shift` matches Shift+1 as `"!"` does. When the event knows
  /// the physical key (``KeyEvent/baseLayoutKeysym``), that key is tried too, so Control+C
  /// matches Control+С on a Russian layout.
  public func matches(_ event: KeyEvent) -> Bool {
    guard event.phase != .up else { return false }
    if matches(KeySpec(event)) { return true }
    if let unshifted = event.unshiftedKeysym, keysym == nil, modifierFlags.contains(.shift),
      input.unicodeScalars.count == 1, let scalar = input.unicodeScalars.first,
      Keysym(unicodeScalar: scalar) == unshifted,
      event.modifierFlags.intersection(.deviceIndependent) == modifierFlags
    {
      return true
    }
    guard let base = event.baseLayoutKeysym else { return false }
    return matches(KeySpec(keysym: base, modifiers: event.modifierFlags))
  }

  private func matches(_ spec: KeySpec) -> Bool {
    if let keysym {
      return spec.keysym == keysym && spec.modifiers == modifierFlags
    }
    return spec == KeySpec(character: input, modifiers: modifierFlags)
  }

  /// The shortcut as menus and the F1 list show it (``KeySpec/displayName``): `Control+Shift+Z`,
  /// but a bare `n` for a key command on the plain letter.
  public var shortcutDescription: String {
    let key =
      KeyCommand.specialInputs[input].flatMap { KeySpec.name(of: $0) }
      ?? KeySpec.displayed(input, modifiers: modifierFlags)
    return modifierFlags.isEmpty ? key : "\(modifierFlags)+\(key)"
  }

  /// Up arrow.
  public static let inputUpArrow = "UIKeyInputUpArrow"
  /// Down arrow.
  public static let inputDownArrow = "UIKeyInputDownArrow"
  /// Left arrow.
  public static let inputLeftArrow = "UIKeyInputLeftArrow"
  /// Right arrow.
  public static let inputRightArrow = "UIKeyInputRightArrow"
  /// Escape.
  public static let inputEscape = "UIKeyInputEscape"
  /// Page Up.
  public static let inputPageUp = "UIKeyInputPageUp"
  /// Page Down.
  public static let inputPageDown = "UIKeyInputPageDown"
  /// Home.
  public static let inputHome = "UIKeyInputHome"
  /// End.
  public static let inputEnd = "UIKeyInputEnd"
  /// Delete (forward).
  public static let inputDelete = "UIKeyInputDelete"
  /// Return.
  public static let inputReturn = "\r"
  /// Tab.
  public static let inputTab = "\t"
  /// BackSpace.
  public static let inputBackspace = "\u{8}"

  /// The function key F`n`.
  public static func inputF(_ n: Int) -> String { "UIKeyInputF\(n)" }

  static let specialInputs: [String: Keysym] = {
    var table: [String: Keysym] = [
      inputUpArrow: .up, inputDownArrow: .down, inputLeftArrow: .left, inputRightArrow: .right,
      inputEscape: .escape, inputPageUp: .pageUp, inputPageDown: .pageDown, inputHome: .home,
      inputEnd: .end, inputDelete: .delete, inputReturn: .returnKey, inputTab: .tab,
      inputBackspace: .backSpace,
    ]
    for n in 1...35 { table[inputF(n)] = .f(n) }
    return table
  }()
}
